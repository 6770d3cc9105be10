import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { ActionIcon, Button, Checkbox, Divider, Drawer, Group, Stack, Tooltip } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { LIST_COLUMNS, type ListKey } from '#domain/shell/list-preference.ts';
import { listPreferenceKeys, listPreferenceQuery, saveListPreference } from '#web/api/list-preference.ts';
import type { ListTableSource } from './list-table.tsx';
import { selectAllState, toggleAll, toggleColumn, visibleColumns, type ListColumn } from './columns.ts';

/** Req shell §9: the column editor drawer is 320 px wide. */
const DRAWER_WIDTH = 320;

/**
 * The columns of a list as this staff member chose them (req shell §2.6 table field editor), and the
 * button that opens the chooser. `ready` is false until the stored choice is known, so a list does not
 * show a hidden column for a moment; a failed read shows every column.
 */
export function useListColumns<L extends ListKey, Row>(listKey: L, columns: readonly ListColumn<L, Row>[]) {
  const pref = useQuery(listPreferenceQuery(listKey));
  const hidden = pref.data?.hiddenColumns ?? [];
  return {
    columns: visibleColumns(listKey, columns, hidden),
    ready: !pref.isPending,
    chooser: <ColumnChooser listKey={listKey} columns={columns} hidden={hidden} />,
  };
}

/**
 * `useListColumns` with the list's page: the chooser for the query form and what its `ListTable` shows,
 * to be spread on it (`<ListTable {...list.table} rowKey="flowNo" actions={…} />`).
 */
export function useListTable<L extends ListKey, Row>(listKey: L, columns: readonly ListColumn<L, Row>[], page: Pick<ListTableSource<L, Row>, 'query' | 'paging' | 'onPaging'>) {
  const { chooser, ...chosen } = useListColumns(listKey, columns);
  const table: ListTableSource<L, Row> = { ...chosen, ...page };
  return { chooser, table };
}

function ColumnChooser<L extends ListKey, Row>({ listKey, columns, hidden }: { listKey: L; columns: readonly ListColumn<L, Row>[]; hidden: readonly string[] }) {
  const [draft, setDraft] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const fixed: readonly string[] = LIST_COLUMNS[listKey].fixed;
  const order = columns.map((c) => c.key as string);
  const choosable = order.filter((k) => !fixed.includes(k));
  const save = useMutation({
    mutationFn: (next: string[]) => saveListPreference(listKey, next),
    onSuccess: (saved) => {
      queryClient.setQueryData(listPreferenceKeys.of(listKey), saved);
      setDraft(null);
    },
  });
  const close = () => setDraft(null);
  const all = draft && selectAllState(choosable, draft);

  return (
    <>
      <Tooltip label={t`表格字段编辑`}>
        <ActionIcon variant="default" size="lg" aria-label={t`表格字段编辑`} onClick={() => setDraft([...hidden])} data-testid="column-chooser-open">
          <IconColumns size={18} />
        </ActionIcon>
      </Tooltip>
      <Drawer opened={draft !== null} onClose={close} position="right" size={DRAWER_WIDTH} title={t`表格字段编辑`} data-testid="column-chooser">
        {draft && all && (
          <Stack gap="xs">
            <Checkbox label={t`全选`} checked={all.checked} indeterminate={all.indeterminate} onChange={() => setDraft(toggleAll(choosable, draft))} data-testid="column-select-all" />
            <Divider />
            {columns.map((c) => (
              <Checkbox
                key={c.key}
                label={c.title as ReactNode}
                checked={fixed.includes(c.key) || !draft.includes(c.key)}
                disabled={fixed.includes(c.key)}
                onChange={() => setDraft(toggleColumn(order, draft, c.key))}
                data-column={c.key}
              />
            ))}
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={close}>
                <Trans>取消</Trans>
              </Button>
              <Button
                loading={save.isPending}
                // A refusal shows the server's message as a toast (web/api/client.ts) and keeps the drawer open.
                onClick={() => save.mutate(draft)}
                data-testid="column-chooser-save"
              >
                <Trans>确定</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Drawer>
    </>
  );
}
