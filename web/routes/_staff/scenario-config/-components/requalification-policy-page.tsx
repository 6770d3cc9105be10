import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Alert, Button, Card, Group, NumberInput, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '#web/components/table-head.tsx';
import { FAILURE_HANDLING, INTERVAL_MONTHS_MAX, requalificationPolicy, type RequalificationPolicy } from '#domain/requalification/requalification.ts';
import { isApiError } from '#web/api/client.ts';
import { deletePolicy, policiesQuery, requalificationKeys, savePolicy } from '#web/api/requalification.ts';
import { CategoryPicker } from '#web/components/category-picker.tsx';
import { FAILURE_LABEL } from '#web/components/requalification-labels.tsx';
import { formatDateTime } from '#web/components/date-time.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { CertificateKindsCard } from './certificate-kinds-card.tsx';
import { CalendarCard } from './calendar-card.tsx';

/**
 * Each small category's requalification policy: every N months after it qualified (empty: started by hand only), and
 * what a failure does — its exit with approval, or a restriction. A category without a policy: by hand only, exit.
 */
export function PolicyPage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const policies = useQuery(policiesQuery(i18n.locale));
  const form = useForm<RequalificationPolicy & { categoryName: string }>({
    mode: 'controlled',
    initialValues: { categoryCode: '', categoryName: '', intervalMonths: null, onFailure: 'exit' },
    validate: zod4Resolver(requalificationPolicy),
  });
  const field = useFieldProps(form);
  const refresh = () => queryClient.invalidateQueries({ queryKey: requalificationKeys.policies() });
  const save = useMutation({
    mutationFn: ({ categoryName: _name, ...v }: RequalificationPolicy & { categoryName: string }) => savePolicy(v),
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
  const remove = useMutation({
    mutationFn: deletePolicy,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void refresh();
    },
  });
  const values = form.getValues();
  return (
    <Stack maw={1000}>
      <Title order={3}>
        <Trans>认证规则</Trans>
      </Title>
      <Title order={5}>
        <Trans>再认证策略</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          到期的品类由系统按“供应商再认证”场景自动发起再认证；必备证书过期且在宽限期内未更新时，也会自动发起。未配置策略的品类仅可手动发起，不通过时发起品类退出。
        </Trans>
      </Text>
      <Card withBorder>
        <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate data-testid="policy-form">
          <Stack>
            <CategoryPicker
              value={values.categoryCode ? [{ code: values.categoryCode, name: values.categoryName }] : []}
              onChange={(picked) => {
                const last = picked.at(-1);
                form.setFieldValue('categoryCode', last?.code ?? '');
                form.setFieldValue('categoryName', last?.name ?? '');
                form.clearFieldError('categoryCode');
              }}
              error={form.errors.categoryCode}
            />
            <Group grow align="flex-start">
              <NumberInput
                label={t`再认证周期（月）`}
                description={t`留空表示仅手动发起`}
                min={1}
                max={INTERVAL_MONTHS_MAX}
                allowDecimal={false}
                // Out of range is said on the field (the rule's message), not silently corrected.
                clampBehavior="none"
                data-testid="policy-interval"
                {...field('intervalMonths')}
                value={values.intervalMonths ?? ''}
                onChange={(v) => form.setFieldValue('intervalMonths', v === '' ? null : Number(v))}
              />
              <Radio.Group label={t`不通过时`} withAsterisk {...field('onFailure')}>
                <Group mt={8}>
                  {FAILURE_HANDLING.map((h) => (
                    <Radio key={h} value={h} label={i18n._(FAILURE_LABEL[h])} data-testid={`policy-failure-${h}`} />
                  ))}
                </Group>
              </Radio.Group>
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="policy-save">
                <Trans>保存策略</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {policies.isLoading ? (
        <PageLoader />
      ) : policies.error ? (
        <Alert color="red">{policies.error.message}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="policy-table">
            <TableHead titles={[t`品类`, t`周期`, t`不通过时`, t`修改人`, t`修改时间`, '']} />
            <Table.Tbody>
              {(policies.data ?? []).map((p) => (
                <Table.Tr key={p.categoryCode} data-testid={`policy-${p.categoryCode}`}>
                  <Table.Td>{p.categoryName}</Table.Td>
                  <Table.Td>{p.intervalMonths ? t`每${p.intervalMonths}个月` : t`仅手动`}</Table.Td>
                  <Table.Td>{i18n._(FAILURE_LABEL[p.onFailure])}</Table.Td>
                  <Table.Td>{p.updatedBy}</Table.Td>
                  <Table.Td>{formatDateTime(p.updatedAt, i18n.locale)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="compact-xs" variant="subtle" onClick={() => form.setValues({ categoryCode: p.categoryCode, categoryName: p.categoryName, intervalMonths: p.intervalMonths, onFailure: p.onFailure })}>
                        <Trans>编辑</Trans>
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          modals.openConfirmModal({
                            title: t`删除策略`,
                            children: <Text size="sm">{t`删除后该品类仅可手动发起再认证。`}</Text>,
                            labels: { confirm: t`删除`, cancel: t`取消` },
                            confirmProps: { color: 'red' },
                            onConfirm: () => remove.mutate(p.categoryCode),
                          })
                        }
                      >
                        <Trans>删除</Trans>
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CertificateKindsCard />
      <CalendarCard />
    </Stack>
  );
}
