import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Anchor, Badge, Button, Card, Checkbox, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '#web/components/table-head.tsx';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import type { SupplierPageView } from '#domain/certificates/certificate.ts';
import { REQUALIFICATION_REASON_MAX, requalificationStartRequest, type RequalificationStartRequest } from '#domain/requalification/requalification.ts';
import { isApiError } from '#web/api/client.ts';
import { certificateKeys } from '#web/api/certificates.ts';
import { startRequalification } from '#web/api/requalification.ts';
import { OUTCOME_COLOR, OUTCOME_LABEL, TRIGGER_LABEL } from '#web/components/requalification-labels.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/**
 * The supplier's requalifications (docs/decisions/0055-requalification.md): each with why it started, its outcome and the
 * exit a failure submitted; staff with the permission start one here for some of the admitted categories.
 */
export function RequalificationCard({ supplier }: { supplier: SupplierPageView }) {
  const { t, i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  return (
    <Card withBorder data-testid="requalification-card">
      <Group justify="space-between" mb="sm">
        <Title order={5}>
          <Trans>再认证</Trans>
        </Title>
        {supplier.mayRequalify && (
          <Button size="xs" onClick={() => setOpened(true)} data-testid="requalification-start">
            <Trans>发起再认证</Trans>
          </Button>
        )}
      </Group>
      {supplier.requalifications.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>暂无再认证</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="requalification-table">
            <TableHead titles={[t`流程编号`, t`发起原因`, t`品类`, t`结果`, t`发起时间`]} />
            <Table.Tbody>
              {supplier.requalifications.map((r) => (
                <Table.Tr key={r.flowNo}>
                  <Table.Td>
                    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/cert-flow/detail" search={{ id: r.flowNo }} />}>
                      {r.flowNo}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{i18n._(TRIGGER_LABEL[r.trigger])}</Table.Td>
                  <Table.Td>{r.categoryNames}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <Badge variant="light" color={OUTCOME_COLOR[r.outcome]}>
                        {i18n._(OUTCOME_LABEL[r.outcome])}
                      </Badge>
                      {r.exitFlowNo && (
                        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/supplier-exit/detail" search={{ flowNo: r.exitFlowNo! }} />} data-testid="requalification-exit-link">
                          <Trans>品类退出 {r.exitFlowNo}</Trans>
                        </Anchor>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.startedAt, i18n.locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title={<Trans>发起再认证</Trans>} size="lg">
        {opened && <StartForm supplier={supplier} onDone={() => setOpened(false)} />}
      </Modal>
    </Card>
  );
}

/** Which admitted categories to requalify and why; the server refuses a category already under one, naming its flow. */
function StartForm({ supplier, onDone }: { supplier: SupplierPageView; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const running = new Set(supplier.requalifications.filter((r) => r.outcome === 'running').flatMap((r) => r.categoryCodes));
  const admitted = supplier.categories.filter((c) => c.categoryLifeCycle !== CATEGORY_LIFE_CYCLE.ELIMINATED);
  const form = useForm<RequalificationStartRequest>({
    mode: 'controlled',
    initialValues: { supplierNo: supplier.supplierNo, categoryCodes: [], reason: '' },
    validate: zod4Resolver(requalificationStartRequest),
  });
  const field = useFieldProps(form);
  const send = useMutation({
    mutationFn: (v: RequalificationStartRequest) => startRequalification(v),
    onSuccess: ({ message, flowNo }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: certificateKeys.supplier(supplier.supplierNo) });
      onDone();
      void navigate({ to: '/cert-flow/detail', search: { id: flowNo } });
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 4000 });
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate data-testid="requalification-form">
      <Stack>
        <Text size="sm" c="dimmed">
          <Trans>再认证按“供应商再认证”场景的节点执行；不通过时按各品类的再认证策略处理（品类退出需审批，或限制品类）。</Trans>
        </Text>
        <Checkbox.Group label={t`品类`} withAsterisk {...field('categoryCodes')} data-testid="requalification-categories">
          <Stack gap={6} mt={6}>
            {admitted.map((c) => (
              <Checkbox key={c.categoryCode} value={c.categoryCode} label={running.has(c.categoryCode) ? t`${c.categoryName}（再认证中）` : c.categoryName} disabled={running.has(c.categoryCode)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea label={t`再认证原因`} withAsterisk autosize minRows={3} maxLength={REQUALIFICATION_REASON_MAX} data-testid="requalification-reason" {...field('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>取消</Trans>
          </Button>
          <Button type="submit" loading={send.isPending} data-testid="requalification-submit">
            <Trans>发起</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
