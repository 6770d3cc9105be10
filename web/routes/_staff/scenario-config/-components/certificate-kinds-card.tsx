import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Alert, Button, Card, NumberInput, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '#web/components/table-head.tsx';
import { certificateKindSetting, GRACE_DAYS_MAX, type CertificateKindRow, type CertificateKindSetting } from '#domain/certificates/kind-setting.ts';
import { isApiError } from '#web/api/client.ts';
import { certificateKeys, certificateKindsQuery, saveCertificateKind } from '#web/api/certificates.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/**
 * What an ended certificate of each dated kind does: only a warning, or new flows and expansions paused until it is
 * renewed; and after how many days, not renewed, a requalification of the supplier starts (empty: none).
 */
export function CertificateKindsCard() {
  const { t, i18n } = useLingui();
  const kinds = useQuery(certificateKindsQuery(i18n.locale));
  return (
    <Card withBorder data-testid="certificate-kinds">
      <Title order={5} mb={4}>
        <Trans>证书到期处理</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>必备证书过期后的处理，以及过期多少天仍未更新时自动发起供应商再认证（留空则不发起）。</Trans>
      </Text>
      {kinds.error ? (
        <Alert color="red">{kinds.error.message}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <TableHead titles={[t`证书`, t`过期后`, t`宽限天数`, '']} />
            <Table.Tbody>
              {(kinds.data ?? []).filter((k) => k.dated).map((k) => (
                <KindRow key={k.kind} kind={k} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function KindRow({ kind }: { kind: CertificateKindRow }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<CertificateKindSetting>({ kind: kind.kind, onExpiry: kind.onExpiry, requalifyAfterDays: kind.requalifyAfterDays });
  const [error, setError] = useState<string | undefined>();
  const changed = value.onExpiry !== kind.onExpiry || value.requalifyAfterDays !== kind.requalifyAfterDays;
  const save = useMutation({
    mutationFn: saveCertificateKind,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: certificateKeys.kinds() });
    },
    onError: (err) => {
      setError(isApiError(err) ? (err.fieldErrors.requalifyAfterDays ?? err.message) : err.message);
    },
  });
  return (
    <Table.Tr data-testid={`certificate-kind-${kind.kind}`}>
      <Table.Td>
        {kind.name}
        {kind.required && (
          <Text span size="xs" c="red" ml={4}>
            {t`必备`}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <SegmentedControl
          size="xs"
          value={value.onExpiry}
          onChange={(v) => setValue({ ...value, onExpiry: v as CertificateKindSetting['onExpiry'] })}
          data={[
            { value: 'warn', label: t`仅提醒` },
            { value: 'block', label: t`暂停新认证与扩品` },
          ]}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          size="xs"
          w={140}
          aria-label={t`宽限天数`}
          min={0}
          max={GRACE_DAYS_MAX}
          allowDecimal={false}
          clampBehavior="none"
          placeholder={t`不发起`}
          value={value.requalifyAfterDays ?? ''}
          error={error ? tr(error) : undefined}
          onChange={(v) => {
            setError(undefined);
            setValue({ ...value, requalifyAfterDays: v === '' ? null : Number(v) });
          }}
        />
      </Table.Td>
      <Table.Td>
        <Button size="compact-xs" disabled={!changed} loading={save.isPending} onClick={() => {
            // The server's rule, said on the field before anything is sent.
            const checked = certificateKindSetting.safeParse(value);
            if (checked.success) save.mutate(checked.data);
            else setError(checked.error.issues[0].message);
          }} data-testid="certificate-kind-save">
          <Trans>保存</Trans>
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
