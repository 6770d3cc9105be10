import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Button, Card, Group, NumberInput, SegmentedControl, Table, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { calendarDayRequest, type CalendarDayRequest } from '#domain/calendar/working-calendar.ts';
import { isApiError } from '#web/api/client.ts';
import { calendarKeys, calendarYearQuery, deleteCalendarDay, saveCalendarDay } from '#web/api/calendar.ts';
import { TableHead } from '#web/components/table-head.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';

/**
 * The company's working calendar: holidays on weekdays and weekend days worked in exchange. Node time limits are
 * working days counted with it (docs/decisions/0056-node-time-limits.md); a change counts for due times set from then on.
 */
export function CalendarCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [year, setYear] = useState(new Date().getFullYear());
  const days = useQuery(calendarYearQuery(year));
  const form = useForm<CalendarDayRequest>({ mode: 'controlled', initialValues: { day: '', kind: 'holiday', name: '' }, validate: zod4Resolver(calendarDayRequest) });
  const field = useFieldProps(form);
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarKeys.year(year) });
  const save = useMutation({
    mutationFn: saveCalendarDay,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      form.reset();
      void refresh();
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 4000 });
    },
  });
  const remove = useMutation({ mutationFn: deleteCalendarDay, onSuccess: () => void refresh() });
  return (
    <Card withBorder data-testid="working-calendar">
      <Group justify="space-between" mb={4}>
        <Title order={5}>
          <Trans>工作日历</Trans>
        </Title>
        <NumberInput w={110} size="xs" aria-label={t`年份`} value={year} min={2000} max={2100} onChange={(v) => typeof v === 'number' && setYear(v)} />
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>节点时限按工作日计算：周一至周五上班，节假日休息，调休的周末上班。修改对之后开始的节点生效。</Trans>
      </Text>
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Group align="flex-start" mb="sm">
          <TextInput type="date" label={t`日期`} withAsterisk {...field('day')} />
          <SegmentedControl
            mt={24}
            value={form.getValues().kind}
            onChange={(v) => form.setFieldValue('kind', v as CalendarDayRequest['kind'])}
            data={[
              { value: 'holiday', label: t`节假日（休息）` },
              { value: 'workday', label: t`调休（上班）` },
            ]}
          />
          <TextInput label={t`名称`} withAsterisk maxLength={50} {...field('name')} />
          <Button mt={24} type="submit" loading={save.isPending} data-testid="calendar-save">
            <Trans>添加</Trans>
          </Button>
        </Group>
      </form>
      <Table>
        <TableHead titles={[t`日期`, t`类型`, t`名称`, t`修改人`, '']} />
        <Table.Tbody>
          {(days.data ?? []).map((d) => (
            <Table.Tr key={d.day} data-testid={`calendar-${d.day}`}>
              <Table.Td>{d.day}</Table.Td>
              <Table.Td>{d.kind === 'holiday' ? t`休息` : t`上班`}</Table.Td>
              <Table.Td>{d.name}</Table.Td>
              <Table.Td>{d.updatedBy}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(d.day)}>
                  <Trans>删除</Trans>
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
