import type { ReactNode } from 'react';
import { Center, Stack } from '@mantine/core';

/** Full-page frame of the not-found and no-permission pages with a small line illustration. */
export function StatusPage({ illustration, children }: { illustration: '403' | '404'; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="lg">
        <Illustration kind={illustration} />
        {children}
      </Stack>
    </Center>
  );
}

function Illustration({ kind }: { kind: '403' | '404' }) {
  const accent = 'var(--mantine-color-blue-5)';
  return (
    <svg width="220" height="150" viewBox="0 0 220 150" aria-hidden="true">
      <ellipse cx="110" cy="138" rx="90" ry="8" fill="var(--mantine-color-gray-2)" />
      <rect x="45" y="20" width="130" height="100" rx="8" fill="var(--mantine-color-gray-0)" stroke="var(--mantine-color-gray-4)" strokeWidth="2" />
      <rect x="45" y="20" width="130" height="18" rx="8" fill="var(--mantine-color-gray-3)" />
      <circle cx="57" cy="29" r="3" fill="var(--mantine-color-red-4)" />
      <circle cx="67" cy="29" r="3" fill="var(--mantine-color-yellow-4)" />
      <circle cx="77" cy="29" r="3" fill="var(--mantine-color-green-4)" />
      {kind === '403' ? (
        <g stroke={accent} strokeWidth="4" fill="none" strokeLinecap="round">
          <rect x="92" y="70" width="36" height="30" rx="4" fill="var(--mantine-color-blue-0)" />
          <path d="M100 70v-9a10 10 0 0 1 20 0v9" />
          <circle cx="110" cy="84" r="3" fill={accent} />
        </g>
      ) : (
        <g stroke={accent} strokeWidth="4" fill="none" strokeLinecap="round">
          <circle cx="104" cy="76" r="16" fill="var(--mantine-color-blue-0)" />
          <path d="M116 88l14 14" />
          <path d="M99 71l10 10M109 71l-10 10" strokeWidth="3" />
        </g>
      )}
    </svg>
  );
}
