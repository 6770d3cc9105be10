import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** One labelled fact of a detail page: a small dimmed label over its value ('-' when empty). */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '-'}</Text>
    </div>
  );
}
