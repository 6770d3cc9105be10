import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** A plain table's header row: one cell per title (an empty one for an actions column). */
export function TableHead({ titles }: { titles: readonly ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {titles.map((title, i) => (
          <Table.Th key={i}>{title}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
