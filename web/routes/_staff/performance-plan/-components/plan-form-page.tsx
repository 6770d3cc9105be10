import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Button, Card, Group, MultiSelect, NumberInput, Radio, Select, Stack, TagsInput, TextInput, Textarea, Title } from '@mantine/core';
import { PERF_PERIOD_TYPES, PERF_TEXT_MAX } from '#domain/performance/model.ts';
import { periodChoices, planCreateRequest, type PlanDetail, type PlanFormInput } from '#domain/performance/plan.ts';
import type { StaffOption } from '#web/api/reference.ts';
import { StaffMultiSelect, StaffSelect } from '#web/routes/_staff/cert-flow/-components/staff-select.tsx';
import { isApiError } from '#web/api/client.ts';
import { createPlan, editPlan, indexSystemsQuery, indexTreeQuery, perfKeys, planSuppliersQuery, reviewerRolesQuery } from '#web/api/performance.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';

const EMPTY: PlanFormInput = {
  name: '',
  periodType: 'QUARTER',
  period: '',
  indexVersionId: '',
  scopeMode: 'SUPPLIER',
  categoryCodes: [],
  supplierNos: [],
  reviewers: [],
  deadline: '',
  ownerJobNumber: '',
  gradeThresholds: { A: 90, B: 80 },
  remark: '',
};

const formOf = (p: PlanDetail): PlanFormInput => ({
  name: p.name,
  periodType: p.periodType,
  period: p.period,
  indexVersionId: p.indexVersionId,
  scopeMode: p.scopeMode,
  categoryCodes: p.categoryCodes,
  supplierNos: p.scopeMode === 'SUPPLIER' ? p.suppliers.map((s) => s.supplierNo) : [],
  reviewers: p.reviewers.map((r) => ({ role: r.role as never, jobNumbers: r.members.map((m) => m.jobNumber) })),
  deadline: p.deadline,
  ownerJobNumber: p.ownerJobNumber,
  gradeThresholds: p.gradeThresholds,
  remark: p.remark ?? '',
});

/**
 * The plan form (req performance §2.4): name, period, index system version, suppliers by category or one by one
 * (admitted suppliers only), reviewers for each role the version's manual indices need, deadline, owner and
 * grade thresholds. Checked with the schema the server parses; a started plan shows read-only.
 */
export function PlanFormPage({ plan }: { plan?: PlanDetail }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<PlanFormInput>({ initialValues: plan ? formOf(plan) : EMPTY, validate: zod4Resolver(planCreateRequest) });
  const field = useFieldProps(form);
  const v = form.getValues();
  const readOnly = Boolean(plan && !plan.actions.edit);
  const systems = useQuery(indexSystemsQuery(i18n.locale));
  const tree = useQuery(indexTreeQuery(v.indexVersionId, i18n.locale));
  const roles = useQuery(reviewerRolesQuery(i18n.locale));
  const [supplierSearch, setSupplierSearch] = useState('');
  const [keyword] = useDebouncedValue(supplierSearch, 500);
  const suppliers = useQuery(planSuppliersQuery(keyword, i18n.locale));

  // The people the form names, with their names: the plan's own, then each one chosen in a picker.
  const [people, setPeople] = useState<Map<string, StaffOption>>(
    () =>
      new Map([
        ...(plan ? ([[plan.ownerJobNumber, { jobNumber: plan.ownerJobNumber, name: plan.owner }]] as const) : []),
        ...(plan?.reviewers ?? []).flatMap((r) => r.members.map((m) => [m.jobNumber, m] as const)),
      ]),
  );
  const remember = (chosen: readonly StaffOption[]) => setPeople((known) => new Map([...known, ...chosen.map((s) => [s.jobNumber, s] as const)]));
  const personOf = (jobNumber: string): StaffOption => people.get(jobNumber) ?? { jobNumber, name: jobNumber };
  const periods = [...new Set([...(v.period ? [v.period] : []), ...periodChoices(v.periodType, new Date())])];

  const neededRoles = [...new Set((tree.data?.children ?? []).flatMap((n) => n.children).filter((i) => i.method === 'MANUAL' && i.reviewerRole).map((i) => i.reviewerRole!))];
  const reviewersOf = (role: string) => v.reviewers?.find((r) => r.role === role)?.jobNumbers ?? [];
  const setReviewers = (role: string, jobNumbers: string[]) =>
    form.setFieldValue('reviewers', [...(v.reviewers ?? []).filter((r) => r.role !== role && neededRoles.includes(r.role)), ...(jobNumbers.length ? [{ role: role as never, jobNumbers }] : [])]);

  const save = useMutation({
    mutationFn: async (values: PlanFormInput): Promise<{ planNo: string; message: string }> =>
      plan ? { planNo: plan.planNo, ...(await editPlan({ ...values, planNo: plan.planNo })) } : createPlan(values),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      void queryClient.invalidateQueries({ queryKey: perfKeys.plans() });
      void queryClient.invalidateQueries({ queryKey: perfKeys.plan(r.planNo) });
      if (!plan) void navigate({ to: '/performance-plan/form', search: { planNo: r.planNo } });
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });

  const supplierOptions = [
    ...(plan?.suppliers ?? []).map((s) => ({ value: s.supplierNo, label: `${s.supplierCode} ${s.supplierName}` })),
    ...(suppliers.data ?? []).filter((s) => !plan?.suppliers.some((p) => p.supplierNo === s.supplierNo)).map((s) => ({ value: s.supplierNo, label: `${s.supplierCode} ${s.supplierName}` })),
  ];
  const versions = (systems.data ?? []).flatMap((s) => s.versions.filter((x) => x.complete).map((x) => ({ value: x.id, label: `${s.name} V${x.version}` })));
  const roleName = (code: string) => roles.data?.find((r) => r.code === code)?.name ?? code;

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} data-testid="plan-form">
      <Stack maw={900}>
        <Title order={4}>{plan ? <Trans>绩效计划 {plan.planNo}（{plan.statusName}）</Trans> : <Trans>新建绩效计划</Trans>}</Title>
        {readOnly && (
          <Alert color="blue">
            <Trans>该计划已启动或无修改权限，仅可查看。</Trans>
          </Alert>
        )}
        <Card withBorder>
          <Stack>
            <TextInput label={t`计划名称`} withAsterisk readOnly={readOnly} {...field('name')} data-testid="plan-name" />
            <Group grow>
              <Select
                label={t`周期类型`}
                withAsterisk
                readOnly={readOnly}
                data={PERF_PERIOD_TYPES.map((p) => ({ value: p, label: p === 'MONTH' ? t`月度` : p === 'QUARTER' ? t`季度` : t`年度` }))}
                {...field('periodType')}
                // Another kind of period: the one chosen is not one of its periods.
                onChange={(type) => form.setValues({ periodType: (type ?? v.periodType) as PlanFormInput['periodType'], period: '' })}
              />
              <Select label={t`周期`} withAsterisk readOnly={readOnly} data={periods} {...field('period')} data-testid="plan-period" />
            </Group>
            <Select label={t`指标体系版本`} withAsterisk readOnly={readOnly} data={versions} {...field('indexVersionId')} data-testid="plan-version" />
            <Radio.Group label={t`供应商范围`} withAsterisk {...field('scopeMode')}>
              <Group mt="xs">
                <Radio value="SUPPLIER" label={t`逐个选择`} disabled={readOnly} />
                <Radio value="CATEGORY" label={t`按品类`} disabled={readOnly} />
              </Group>
            </Radio.Group>
            {v.scopeMode === 'CATEGORY' ? (
              <TagsInput label={t`品类编码`} withAsterisk readOnly={readOnly} {...field('categoryCodes')} />
            ) : (
              <MultiSelect
                label={t`供应商（仅已准入）`}
                withAsterisk
                readOnly={readOnly}
                searchable
                searchValue={supplierSearch}
                onSearchChange={setSupplierSearch}
                data={supplierOptions}
                {...field('supplierNos')}
                data-testid="plan-suppliers"
              />
            )}
            {neededRoles.map((role) => (
              <StaffMultiSelect
                key={role}
                label={t`评分人：${roleName(role)}`}
                withAsterisk
                readOnly={readOnly}
                value={reviewersOf(role).map(personOf)}
                onChange={(chosen) => {
                  remember(chosen);
                  setReviewers(
                    role,
                    chosen.map((s) => s.jobNumber),
                  );
                }}
                data-testid={`plan-reviewers-${role}`}
              />
            ))}
            {form.errors.reviewers && <Alert color="red">{field('reviewers').error}</Alert>}
            <Group grow>
              <TextInput label={t`截止时间`} type="datetime-local" withAsterisk readOnly={readOnly} value={toLocalInput(v.deadline)} onChange={(e) => form.setFieldValue('deadline', fromLocalInput(e.currentTarget.value))} error={field('deadline').error} data-testid="plan-deadline" />
              <StaffSelect
                label={t`负责人`}
                withAsterisk
                readOnly={readOnly}
                value={v.ownerJobNumber ? personOf(v.ownerJobNumber) : null}
                onChange={(chosen) => {
                  if (chosen) remember([chosen]);
                  form.setFieldValue('ownerJobNumber', chosen?.jobNumber ?? '');
                }}
                error={field('ownerJobNumber').error}
              />
            </Group>
            <Group grow>
              <NumberInput label={t`A级分数线（≥）`} readOnly={readOnly} min={0} max={100} decimalScale={2} {...field('gradeThresholds.A')} />
              <NumberInput label={t`B级分数线（≥），低于为C级`} readOnly={readOnly} min={0} max={100} decimalScale={2} {...field('gradeThresholds.B')} />
            </Group>
            <Textarea label={t`备注`} readOnly={readOnly} maxLength={PERF_TEXT_MAX} {...field('remark')} />
          </Stack>
        </Card>
        {!readOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="plan-save">
              <Trans>保存</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** An ISO time as a datetime-local input shows it (local time), and back. */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
function fromLocalInput(local: string): string {
  return local ? new Date(local).toISOString() : '';
}
