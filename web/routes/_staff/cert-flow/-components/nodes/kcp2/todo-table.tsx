import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Group, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { wireDay } from '#domain/date-time.ts';
import { TODO_DESC_MAX, TODO_NAME_MAX, TODO_ROWS_MAX, type TodoSource } from '#domain/cert-flow/todos.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { flowDetailKeys, invalidateFlow } from '#web/api/cert-flow-detail.ts';
import { finishTodo } from '#web/api/kcp2.ts';
import { RowTable, type RowTableColumn } from '#web/forms/index.ts';
import { useFieldProps, useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { StaffSelect } from '../../staff-select.tsx';
import { newTodoRow, type TodoFormRow } from './todo-form.ts';

/** The browser's date-time input shows yyyy-MM-ddTHH:mm:ss; the wire has a space (domain/date-time.ts). */
const toInput = (wire: string) => wire.replace(' ', 'T');
const fromInput = (value: string) => (value ? `${value.replace('T', ' ')}${value.length === 16 ? ':00' : ''}` : '');

/**
 * A to-do list (req flow §3.5, §3.6, §5.6): name, description, principal (staff search), close date and
 * time; saved rows show done or overdue, and their principal marks them done here. A done row can be
 * neither changed nor deleted.
 */
export function TodoTable({ form, flowNo, source, readOnly }: { form: UseFormReturnType<any>; flowNo: string; source: TodoSource; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const rows = form.getValues().todoList as TodoFormRow[];
  const finish = useMutation({
    mutationFn: (seq: number) => finishTodo({ flowNo, source, seq }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: flowDetailKeys.node(flowNo, 'KCP2') });
      void invalidateFlow(queryClient, flowNo);
    },
    onError: (err) => notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`操作失败`, autoClose: ERROR_TOAST_MS }),
  });
  // Req flow §5.6: no close date before yesterday (the server checks it too).
  const earliest = `${wireDay(new Date(), -1)}T00:00:00`;
  const locked = (i: number) => readOnly || !!rows[i]?.done;

  const columns: RowTableColumn[] = [
    {
      key: 'todoName',
      title: t`待办名称`,
      required: !readOnly,
      width: 180,
      render: (i, path) => <TextInput aria-label={t`第${i + 1}行待办事项`} maxLength={TODO_NAME_MAX} readOnly={locked(i)} {...field(`${path}.todoName`)} />,
    },
    {
      key: 'todoDesc',
      title: t`待办描述`,
      // Narrow enough that the whole table, delete included, fits beside the menu at 1366 px.
      width: 200,
      render: (i, path) => (
        <Textarea aria-label={t`第${i + 1}行待办描述`} autosize minRows={1} maxRows={4} maxLength={TODO_DESC_MAX} readOnly={locked(i)} {...field(`${path}.todoDesc`)} />
      ),
    },
    {
      key: 'principal',
      title: t`责任人`,
      required: !readOnly,
      width: 200,
      render: (i, path) => {
        const row = rows[i]!;
        return (
          <StaffSelect
            aria-label={t`第${i + 1}行责任人`}
            readOnly={locked(i)}
            value={row.principalId ? { jobNumber: row.principalId, name: row.principalName } : null}
            onChange={(person) => {
              form.setFieldValue(`${path}.principalId`, person?.jobNumber ?? '');
              form.setFieldValue(`${path}.principalName`, person?.name ?? '');
              form.clearFieldError(`${path}.principalId`);
            }}
            error={tr(form.errors[`${path}.principalId`])}
          />
        );
      },
    },
    {
      key: 'closeDate',
      title: t`计划完成时间`,
      required: !readOnly,
      width: 220,
      render: (i, path) => (
        <TextInput
          type="datetime-local"
          step={1}
          min={rows[i]?.seq == null ? earliest : undefined}
          aria-label={t`第${i + 1}行计划完成时间`}
          readOnly={locked(i)}
          value={toInput(rows[i]?.closeDate ?? '')}
          onChange={(e) => {
            form.setFieldValue(`${path}.closeDate`, fromInput(e.currentTarget.value));
            form.clearFieldError(`${path}.closeDate`);
          }}
          error={tr(form.errors[`${path}.closeDate`])}
        />
      ),
    },
    {
      key: 'status',
      title: t`状态`,
      width: 150,
      render: (i) => {
        const row = rows[i]!;
        if (row.seq == null) return null;
        return (
          <Group gap={6} wrap="nowrap" mt={4}>
            {row.done ? (
              <Badge color="green" variant="light">{t`已完成`}</Badge>
            ) : row.overdue ? (
              <Badge color="red" variant="light">{t`已逾期`}</Badge>
            ) : (
              <Badge color="blue" variant="light">{t`进行中`}</Badge>
            )}
            {row.canFinish && (
              <Button size="compact-xs" variant="light" loading={finish.isPending && finish.variables === row.seq} aria-label={t`标记第${i + 1}行待办完成`} onClick={() => finish.mutate(row.seq!)}>
                {t`完成`}
              </Button>
            )}
          </Group>
        );
      },
    },
  ];

  return (
    <RowTable
      form={form}
      path="todoList"
      columns={columns}
      newRow={newTodoRow}
      max={TODO_ROWS_MAX}
      readOnly={readOnly}
      canDelete={(i) => !rows[i]?.done}
      numbered
      minWidth={1080}
      addLabel={t`添加待办`}
      empty={t`暂无待办事项`}
      aria-label={t`待办事项列表`}
    />
  );
}
