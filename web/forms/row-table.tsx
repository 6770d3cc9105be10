import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Input, Table, Text, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { canAddRow, canDeleteRow } from '#domain/rfi/dependencies.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { type AnyForm, valueAt } from './bindings.ts';
import { useFormReadOnly } from './caller.tsx';

export interface RowTableColumn {
  /** Identifies the column (React key). */
  key: string;
  title: ReactNode;
  /** Shows the required mark in the header. */
  required?: boolean;
  /** Column width (px or CSS); also its minimum width. */
  width?: number | string;
  /** The cell of row `index`; `path` is the row's dot path, e.g. `contactList.2`. */
  render: (index: number, path: string) => ReactNode;
}

/**
 * An editable table of the form list at `path`: one line per row, an add button under it and a
 * delete button per row. Add is disabled at `max`, delete at `min` (req rfi §5, §9 row limits; pass
 * the schemas' limits, e.g. CONTACT_ROWS). Without `newRow` the rows are fixed (dictionary rows):
 * no add and no delete. The list's own error (minRows, maxRows) shows under the table.
 */
export interface RowTableProps {
  form: AnyForm;
  /** Dot path of the list, e.g. `contactList`. */
  path: string;
  columns: RowTableColumn[];
  /** A new row's values; omit for fixed rows. */
  newRow?: () => Record<string, unknown>;
  min?: number;
  max?: number;
  readOnly?: boolean;
  /** Per-row veto of deletion (e.g. an admitted factory). */
  canDelete?: (index: number) => boolean;
  addLabel?: ReactNode;
  /** Leading column with the row number. */
  numbered?: boolean;
  /** Minimum table width before it scrolls sideways (wide tables). */
  minWidth?: number;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  /** Gives row `i` the test id `<rowTestId>-<i>`. */
  rowTestId?: string;
  'aria-label'?: string;
}

/** The row number's width; the first column sticks beside it. */
const NUMBER_WIDTH = 48;
const OPERATIONS_WIDTH = 56;
const keyCell = (side: 'left' | 'right', offset: number, width?: number) =>
  ({
    ...(width ? { width, minWidth: width, maxWidth: width } : {}),
    position: 'sticky',
    [side]: offset,
    zIndex: 1,
    background: 'var(--mantine-color-body)',
    boxShadow: side === 'left' ? '4px 0 6px -4px rgba(0, 0, 0, 0.15)' : '-4px 0 6px -4px rgba(0, 0, 0, 0.15)',
  }) as const;

/**
 * An editable table of the form list at `path`. A table wider than its area (`minWidth`) scrolls sideways
 * with its key columns fixed: the row number and the first column at the left, the delete button at the right.
 */
export function RowTable({ form, path, columns, newRow, min = 0, max = Infinity, readOnly, canDelete, addLabel, numbered, minWidth, empty, rowTestId, ...rest }: RowTableProps) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const rows = (valueAt(form.getValues(), path) as unknown[] | undefined) ?? [];
  const formReadOnly = useFormReadOnly();
  const editable = Boolean(newRow) && !readOnly && !formReadOnly;
  const mayAdd = canAddRow(rows.length, max);
  const mayDelete = canDeleteRow(rows.length, min);
  const listError = form.errors[path];
  const scrolls = Boolean(minWidth);
  const first = columns[0]?.key;
  const stickyOf = (key: string | null) =>
    !scrolls ? undefined : key === '#' ? keyCell('left', 0, NUMBER_WIDTH) : key === first ? keyCell('left', numbered ? NUMBER_WIDTH : 0) : key === 'ops' ? keyCell('right', 0) : undefined;
  const keyAttr = (key: string | null) => (stickyOf(key) ? { 'data-key-column': true } : {});

  return (
    <Input.Wrapper error={tr(listError)}>
      <Table.ScrollContainer minWidth={minWidth ?? 0} type="native">
        <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing="xs" aria-label={rest['aria-label']}>
          <Table.Thead>
            <Table.Tr>
              {numbered && (
                <Table.Th w={NUMBER_WIDTH} style={stickyOf('#')} {...keyAttr('#')}>
                  #
                </Table.Th>
              )}
              {columns.map((c) => (
                // min-width too: a wide table would otherwise squeeze a text column below its width.
                <Table.Th key={c.key} w={c.width} style={{ whiteSpace: 'nowrap', minWidth: c.width, ...stickyOf(c.key) }} {...keyAttr(c.key)}>
                  {c.required && (
                    <Text span c="red" mr={2}>
                      *
                    </Text>
                  )}
                  {c.title}
                </Table.Th>
              ))}
              {editable && (
                <Table.Th w={OPERATIONS_WIDTH} style={stickyOf('ops')} {...keyAttr('ops')}>
                  {t`操作`}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (numbered ? 1 : 0) + (editable ? 1 : 0)}>
                  <Text size="sm" c="dimmed" ta="center">
                    {empty ?? t`暂无数据`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((_, index) => {
              const rowPath = `${path}.${index}`;
              const deletable = mayDelete && (canDelete?.(index) ?? true);
              return (
                <Table.Tr key={index} data-row={index} data-testid={rowTestId ? `${rowTestId}-${index}` : undefined}>
                  {numbered && <Table.Td style={stickyOf('#')}>{index + 1}</Table.Td>}
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={{ verticalAlign: 'top', ...stickyOf(c.key) }}>
                      {c.render(index, rowPath)}
                    </Table.Td>
                  ))}
                  {editable && (
                    <Table.Td style={{ verticalAlign: 'top', ...stickyOf('ops') }}>
                      <Tooltip label={t`删除`} disabled={!deletable}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          aria-label={t`删除第${index + 1}行`}
                          disabled={!deletable}
                          onClick={() => form.removeListItem(path, index)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editable && (
        <Group mt="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={!mayAdd}
            onClick={() => {
              form.insertListItem(path, newRow!());
              form.clearFieldError(path);
            }}
          >
            {addLabel ?? t`添加一行`}
          </Button>
          {Number.isFinite(max) && (
            <Text size="xs" c="dimmed">
              {t`${rows.length} / ${max} 行`}
            </Text>
          )}
        </Group>
      )}
    </Input.Wrapper>
  );
}
