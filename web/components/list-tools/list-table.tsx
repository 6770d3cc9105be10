import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Box, Table, Text } from '@mantine/core';
import type { ListKey } from '#domain/shell/list-preference.ts';
import { TablePager } from '../table-pager.tsx';
import type { ListColumn } from './columns.ts';
import { ListLoading } from './list-loading.tsx';

/** What the table needs of the page's query; a TanStack Query result of a `{ records, total }` page is one. */
export interface ListPageQuery<Row> {
  data?: { records: readonly Row[]; total: number };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
}

/** The applied page of a list, kept in the route's search so Back returns to it. */
export interface ListPaging {
  currentPage: number;
  pageSize: number;
}

/** The operations column stays at the right edge, so a wide table's actions never need its horizontal scroll. */
const stickyCell = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '-4px 0 6px -4px rgba(0, 0, 0, 0.15)',
} as const;

/** A header breaks between words only, never inside one (采购经理 over two lines read as 采购经 / 理). */
const headerCell = { wordBreak: 'keep-all' } as const;

/** What a list table shows: the chosen columns (`ready` once the choice is known) and the page its query answered. */
export interface ListTableSource<L extends ListKey, Row> {
  /** The visible columns, as `useListColumns` gives them. */
  columns: readonly ListColumn<L, Row>[];
  ready: boolean;
  query: ListPageQuery<Row>;
  paging: ListPaging;
  /** Applies another page, or another page size from page 1. */
  onPaging: (next: ListPaging) => void;
}

/** Row fields a row's key may be read from. */
type KeyField<Row> = {
  [K in keyof Row]: Row[K] extends string ? K : never;
}[keyof Row] &
  string;

const kebab = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The body of a paged list (req shell §2.6, §4, §7): the chosen columns' headers, one row a record with
 * each column's cell and the operations column, a row saying why there are none (loading, failed,
 * empty), the loading indicator over it while it fetches, and the pager. Rows wait for the column
 * choice (`ready`), so a hidden column never shows for a moment.
 */
export function ListTable<L extends ListKey, Row>(
  props: ListTableSource<L, Row> & {
    /** The field that tells rows apart: the row's key, and its `data-` attribute (`flowNo` → `data-flow-no`). */
    rowKey: KeyField<Row>;
    /** More data attributes of a row. */
    rowAttrs?: (row: Row) => Record<`data-${string}`, string | number>;
    /** The operations cell of a row. */
    actions: (row: Row) => ReactNode;
    /** Keeps the operations column in view on a table wider than the page. */
    stickyActions?: boolean;
    /** A table this wide scrolls sideways rather than squeezing its columns. */
    minWidth?: number;
    testId?: string;
    withTableBorder?: boolean;
    /** Space either side of a cell's text (Mantine's `xs`, 10 px, by default). */
    horizontalSpacing?: number;
  },
) {
  const { columns, ready, query, paging, rowKey } = props;
  const rows = ready ? (query.data?.records ?? []) : [];
  const sticky = props.stickyActions ? stickyCell : undefined;
  const grid = (
    <Table striped highlightOnHover withTableBorder={props.withTableBorder} horizontalSpacing={props.horizontalSpacing} data-testid={props.testId}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} data-column={c.key} style={{ ...headerCell, minWidth: c.minWidth }}>
              {c.title}
            </Table.Th>
          ))}
          <Table.Th style={{ ...headerCell, ...sticky }}>{t`操作`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columns.length + 1}>
              <Text ta="center" c="dimmed" size="sm">
                {query.isLoading || !ready ? <Trans>加载中…</Trans> : query.isError ? <Trans>加载失败</Trans> : <Trans>暂无数据</Trans>}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((row) => (
          <Table.Tr key={row[rowKey] as string} {...{ [`data-${kebab(rowKey)}`]: row[rowKey] as string }} {...props.rowAttrs?.(row)}>
            {columns.map((c) => (
              <Table.Td key={c.key}>{c.cell(row)}</Table.Td>
            ))}
            <Table.Td style={sticky} data-testid="row-actions">
              {props.actions(row)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Box pos="relative">
      <ListLoading loading={query.isFetching || !ready} />
      {props.minWidth ? <Table.ScrollContainer minWidth={props.minWidth}>{grid}</Table.ScrollContainer> : grid}
      <TablePager
        total={query.data?.total ?? 0}
        page={paging.currentPage}
        pageSize={paging.pageSize}
        onPage={(currentPage) => props.onPaging({ currentPage, pageSize: paging.pageSize })}
        onPageSize={(pageSize) => props.onPaging({ currentPage: 1, pageSize })}
      />
    </Box>
  );
}
