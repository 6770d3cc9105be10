import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '#domain/fields.ts';

/**
 * The pager under every paged table (spec 2 §2.1, spec 3 §7): the total, the page sizes 20/50/100
 * (left out where `onPageSize` is not given) and the pages. A new page size starts at page 1.
 */
export function TablePager(props: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
  size?: 'sm' | 'md';
}) {
  return (
    <Group justify="flex-end" gap="xs">
      <Text size="sm" c="dimmed">
        <Trans>共 {props.total} 条</Trans>
      </Text>
      {props.onPageSize && (
        <Select
          w={110}
          aria-label={t`每页条数`}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: t`${n} 条/页` }))}
          value={String(props.pageSize)}
          onChange={(v) => props.onPageSize!(Number(v ?? 20))}
          allowDeselect={false}
        />
      )}
      <Pagination size={props.size} total={Math.max(1, Math.ceil(props.total / props.pageSize))} value={props.page} onChange={props.onPage} />
    </Group>
  );
}
