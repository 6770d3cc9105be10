import { useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '#domain/fields.ts';
import { debounce, PAGE_CHANGE_DEBOUNCE_MS } from './list-tools/timing.ts';

/**
 * The pager under every paged table (req flow §2.1, req shell §7): the total, the page sizes 20/50/100
 * (left out where `onPageSize` is not given) and the pages. A new page size starts at page 1. The page
 * shown moves at once; `onPage` is called 100 ms after the last click (req shell §7, §9).
 */
export function TablePager(props: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
  size?: 'sm' | 'md';
}) {
  const [page, setPage] = useState(props.page);
  const onPage = useRef(props.onPage);
  onPage.current = props.onPage;
  const send = useMemo(() => debounce((n: number) => onPage.current(n), PAGE_CHANGE_DEBOUNCE_MS), []);
  useEffect(() => () => send.cancel(), [send]);
  // The applied page wins when it changes from outside (a reset, Back).
  useEffect(() => setPage(props.page), [props.page]);
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
          onChange={(v) => {
            send.cancel();
            props.onPageSize!(Number(v ?? 20));
          }}
          allowDeselect={false}
        />
      )}
      <Pagination
        size={props.size}
        total={Math.max(1, Math.ceil(props.total / props.pageSize))}
        value={page}
        onChange={(n) => {
          setPage(n);
          send(n);
        }}
      />
    </Group>
  );
}
