import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Card, Group, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { figureFormSchema, type FigureForm, type FigureSaveRequest, type FiguresView } from '#domain/assessment/review.ts';
import { PERF_FIGURES, PERF_FIGURE_KINDS } from '#domain/performance/model.ts';
import { assessmentKeys, figuresQuery, saveFigures } from '#web/api/assessment.ts';
import { isApiError } from '#web/api/client.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';

/** The plan's figure kinds (its computed indices'), as the figure vocabulary names them. */
const kindsOf = (v: FiguresView) => PERF_FIGURE_KINDS.filter((k) => v.kinds.includes(k));

const formOf = (v: FiguresView): FigureForm => ({
  rows: v.suppliers.map((s) => ({
    supplierNo: s.supplierNo,
    values: Object.fromEntries(kindsOf(v).map((k) => [k, s.figures[k] ? String(s.figures[k].value) : ''])),
  })),
});

const formKey = (v: FiguresView) => `${v.editable}|${JSON.stringify(v.suppliers.map((s) => [s.supplierNo, s.figures]))}`;

/**
 * The figures of the plan's period that computed indices score from: a supplier per row, a figure kind per column.
 * The owner types them until the summary goes to approval (an emptied cell removes the figure); the approver reads them.
 */
export function FiguresCard({ planNo }: { planNo: string }) {
  const figures = useQuery(figuresQuery(planNo));
  if (!figures.data) return null;
  if (!figures.data.kinds.length) {
    return (
      <Card withBorder data-testid="figures-card">
        <Text fw={600}>
          <Trans>绩效数据</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>本计划的指标都由评审人打分，无需录入绩效数据。</Trans>
        </Text>
      </Card>
    );
  }
  // A fresh form when what the server holds changed (a save, another's save); a refetch that finds the same
  // figures (the window focused again) keeps what is being typed.
  return <FiguresTable key={formKey(figures.data)} view={figures.data} />;
}

function FiguresTable({ view }: { view: FiguresView }) {
  const { i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const queryClient = useQueryClient();
  const kinds = kindsOf(view);
  const initial = formOf(view);
  const form = useForm<FigureForm>({ mode: 'uncontrolled', initialValues: initial, validate: zod4Resolver(figureFormSchema) });
  const field = useFieldProps(form);

  /** Only the cells that differ from what is saved are sent: a typed figure, or null for an emptied one. */
  const changes = (values: FigureForm) =>
    values.rows.flatMap((row, i) =>
      kinds.flatMap((kind) => {
        const typed = (row.values[kind] ?? '').trim();
        if (typed === initial.rows[i].values[kind]) return [];
        return [{ supplierNo: row.supplierNo, figureKind: kind, value: typed === '' ? null : typed, path: `rows.${i}.values.${kind}` }];
      }),
    );

  const save = useMutation({
    mutationFn: (sent: ReturnType<typeof changes>) =>
      saveFigures(
        view.planNo,
        sent.map(({ path: _path, ...f }): FigureSaveRequest['figures'][number] => ({ ...f, value: f.value === null ? null : Number(f.value) })),
      ),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      // The summary too: a recalculation will score from the new figures.
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.plan(view.planNo) });
    },
    onError: (err, sent) => {
      // `figures.<i>.<field>` names the sent row: shown at its cell.
      const cellErrors = isApiError(err)
        ? Object.fromEntries(
            Object.entries(err.fieldErrors).flatMap(([k, m]) => {
              const i = /^figures\.(\d+)\./.exec(k)?.[1];
              return i !== undefined && sent[Number(i)] ? [[sent[Number(i)].path, m]] : [];
            }),
          )
        : {};
      if (Object.keys(cellErrors).length) form.setErrors(cellErrors);
      else notifications.show({ color: 'red', message: isApiError(err) ? err.message : t`系统错误` });
    },
  });
  const submit = form.onSubmit((values) => {
    const sent = changes(values);
    if (!sent.length) notifications.show({ message: t`没有需要保存的修改` });
    else save.mutate(sent);
  });

  return (
    <Card withBorder data-testid="figures-card">
      <form onSubmit={submit} noValidate>
        <Group justify="space-between" mb="sm">
          <div>
            <Text fw={600}>
              <Trans>绩效数据</Trans>
            </Text>
            <Text size="xs" c="dimmed">
              {view.editable
                ? t`考核期 ${view.period} 的计算类指标数据；清空后保存即删除该数据。提交审批后不能再修改。`
                : t`考核期 ${view.period} 的计算类指标数据（只读）`}
            </Text>
          </div>
          {view.editable && (
            <Button type="submit" loading={save.isPending} data-testid="figures-save">
              <Trans>保存数据</Trans>
            </Button>
          )}
        </Group>
        <ScrollArea>
          <Table data-testid="figures-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`供应商`}</Table.Th>
                {kinds.map((k) => (
                  <Table.Th key={k}>
                    {PERF_FIGURES[k][lang]} ({PERF_FIGURES[k].unit[lang]})
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.suppliers.map((s, i) => (
                <Table.Tr key={s.supplierNo} data-supplier-no={s.supplierNo}>
                  <Table.Td>
                    {s.supplierCode} {s.supplierName}
                  </Table.Td>
                  {kinds.map((k) => (
                    <Table.Td key={k} miw={120}>
                      {view.editable ? (
                        <TextInput
                          size="xs"
                          inputMode="decimal"
                          aria-label={`${s.supplierName} ${PERF_FIGURES[k][lang]}`}
                          data-testid={`figure-${s.supplierNo}-${k}`}
                          key={form.key(`rows.${i}.values.${k}`)}
                          {...field(`rows.${i}.values.${k}`)}
                        />
                      ) : (
                        <Text size="sm" data-testid={`figure-${s.supplierNo}-${k}`}>
                          {s.figures[k]?.value ?? '-'}
                        </Text>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </form>
    </Card>
  );
}
