import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Anchor, Card, Group, Stack, Table, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { certificateKeys, renewalQuery } from '#web/api/certificates.ts';
import { ApprovalCard } from '#web/components/approval-card.tsx';
import { PageLoader } from '#web/components/page-loader.tsx';
import { downloadFile } from '#web/forms/upload.ts';

/** A certificate renewal: the certificate on file beside the one offered, its file, and the one approval card. */
export function RenewalPage({ renewalNo }: { renewalNo: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const renewal = useQuery(renewalQuery(renewalNo, i18n.locale));
  if (renewal.isLoading) return <PageLoader />;
  if (!renewal.data) return <Alert color="red">{renewal.error?.message ?? t`加载失败`}</Alert>;
  const r = renewal.data;
  const rows = [
    { label: t`发证机构`, current: r.current.issuer, offered: r.offered.issuer },
    { label: t`证书编号`, current: r.current.certificateNo, offered: r.offered.certificateNo },
    { label: t`生效日期`, current: r.current.validFrom, offered: r.offered.validFrom },
    { label: t`有效期至`, current: r.current.validUntil, offered: r.offered.validUntil },
  ];
  return (
    <Stack maw={1000}>
      <Group justify="space-between">
        <Title order={4}>
          <Trans>换证审批</Trans> {r.renewalNo}
        </Title>
        <Anchor renderRoot={(props) => <Link {...props} to="/suppliers/detail" search={{ supplierNo: r.supplierNo }} />} data-testid="renewal-supplier">
          {r.supplierName}
        </Anchor>
      </Group>
      <Card withBorder>
        <Title order={5} mb="sm">
          {r.kindName}
        </Title>
        <Table withTableBorder data-testid="renewal-compare">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t`现有证书`}</Table.Th>
              <Table.Th>{t`新证书`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{row.current ?? '-'}</Table.Td>
                <Table.Td fw={row.current !== row.offered ? 600 : undefined}>{row.offered}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>{t`证书文件`}</Table.Td>
              <Table.Td>-</Table.Td>
              <Table.Td>
                <Anchor size="sm" onClick={() => void downloadFile(r.offered.fileUrl, r.offered.fileName, 'staff')}>
                  {r.offered.fileName}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <ApprovalCard kind="CERTIFICATE_RENEWAL" of={r.renewalNo} onDecided={() => void queryClient.invalidateQueries({ queryKey: certificateKeys.all })} />
    </Stack>
  );
}
