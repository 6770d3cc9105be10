import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Center, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MasterCertificate } from '#domain/certificates/certificate.ts';
import { portalCertificatesQuery } from '#web/api/certificates.ts';
import { CertificateTable } from '#web/components/certificate-table.tsx';
import { PortalFrame } from './portal-frame.tsx';
import { RenewalForm } from './renewal-form.tsx';

const RENEWAL_COLOR = { approving: 'blue', approved: 'green', rejected: 'red' } as const;

/** The supplier's certificates per supplier of the account: validity, days left, renewal of a dated one, and the renewals' outcome. */
export function PortalCertificatesPage() {
  const { t, i18n } = useLingui();
  const list = useQuery(portalCertificatesQuery(i18n.locale));
  const [renewing, setRenewing] = useState<MasterCertificate | null>(null);
  const statusText = { approving: t`审批中`, approved: t`已通过`, rejected: t`已驳回` };
  return (
    <PortalFrame title={<Trans>我的证书</Trans>}>
      {list.isPending ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : (
        <Stack maw={1100} mx="auto">
          {list.data.map((s) => (
            <Paper key={s.supplierNo} withBorder p="md" data-testid="portal-certificates" data-supplier={s.supplierNo}>
              <Title order={5} mb="sm">
                {s.supplierName}
              </Title>
              <CertificateTable
                certificates={s.certificates}
                session="portal"
                action={(c) =>
                  c.validUntil && !c.renewalNo ? (
                    <Button size="compact-xs" variant="light" onClick={() => setRenewing(c)} data-testid="certificate-renew">
                      <Trans>换证</Trans>
                    </Button>
                  ) : null
                }
              />
              {s.renewals.length > 0 && (
                <>
                  <Title order={6} mt="md" mb="xs">
                    <Trans>换证申请</Trans>
                  </Title>
                  <Table withTableBorder data-testid="portal-renewals">
                    <Table.Tbody>
                      {s.renewals.map((r) => (
                        <Table.Tr key={r.renewalNo}>
                          <Table.Td>{r.renewalNo}</Table.Td>
                          <Table.Td>{r.kindName}</Table.Td>
                          <Table.Td>{t`有效期至 ${r.validUntil}`}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={RENEWAL_COLOR[r.status]} data-testid="renewal-status">
                              {statusText[r.status]}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{r.reason ?? ''}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </>
              )}
            </Paper>
          ))}
          {list.data.length === 0 && (
            <Text c="dimmed">
              <Trans>暂无证书</Trans>
            </Text>
          )}
        </Stack>
      )}
      <Modal opened={renewing !== null} onClose={() => setRenewing(null)} title={t`上传新证书`}>
        {renewing && <RenewalForm certificate={renewing} onDone={() => setRenewing(null)} />}
      </Modal>
    </PortalFrame>
  );
}
