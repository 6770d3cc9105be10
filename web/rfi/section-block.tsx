import type { ReactNode } from 'react';
import { Divider, SimpleGrid, Stack, Title } from '@mantine/core';

/** A titled block of a step: fields in a responsive grid (1, 2 or 3 columns) or stacked (`stack`). */
export function SectionBlock({ title, children, stack, cols = 3 }: { title: ReactNode; children: ReactNode; stack?: boolean; cols?: 2 | 3 }) {
  return (
    <Stack gap="sm" mb="xl">
      <Divider label={<Title order={5}>{title}</Title>} labelPosition="left" />
      {stack ? (
        children
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: cols }} spacing="md" verticalSpacing="sm">
          {children}
        </SimpleGrid>
      )}
    </Stack>
  );
}
