import type { ReactNode } from 'react';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MasterCertificate } from '#domain/certificates/certificate.ts';
import { downloadFile, type FileSession } from '#web/forms/upload.ts';

/** How near a certificate's end is: ended, within 30 days, within 90, or further. */
function endColor(c: MasterCertificate): string {
  if (c.status === 'expired' || (c.daysLeft !== null && c.daysLeft < 0)) return 'red';
  if (c.daysLeft !== null && c.daysLeft <= 30) return 'orange';
  if (c.daysLeft !== null && c.daysLeft <= 90) return 'yellow';
  return 'green';
}

/**
 * A supplier's current certificates with their validity (docs/decisions/0053-certificates-kept-valid.md): kind, issuer,
 * number, valid from and until, days left as a coloured mark, its file; `action` adds a last column (the portal's
 * renewal). Staff and the portal show the same table.
 */
export function CertificateTable({ certificates, session, action }: { certificates: MasterCertificate[]; session: FileSession; action?: (c: MasterCertificate) => ReactNode }) {
  const { t } = useLingui();
  if (!certificates.length) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>暂无证书</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={840}>
      <Table striped withTableBorder data-testid="certificate-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`证书`}</Table.Th>
            <Table.Th>{t`发证机构`}</Table.Th>
            <Table.Th>{t`证书编号`}</Table.Th>
            <Table.Th>{t`生效日期`}</Table.Th>
            <Table.Th>{t`有效期至`}</Table.Th>
            <Table.Th>{t`状态`}</Table.Th>
            <Table.Th>{t`文件`}</Table.Th>
            {action && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {certificates.map((c) => (
            <Table.Tr key={c.id} data-testid="certificate-row" data-kind={c.kind}>
              <Table.Td>{c.kindName}</Table.Td>
              <Table.Td>{c.issuer ?? '-'}</Table.Td>
              <Table.Td>{c.certificateNo ?? '-'}</Table.Td>
              <Table.Td>{c.validFrom ?? '-'}</Table.Td>
              <Table.Td data-testid="certificate-until">{c.validUntil ?? '-'}</Table.Td>
              <Table.Td>
                {c.daysLeft === null ? (
                  <Text size="sm" c="dimmed">
                    <Trans>长期有效</Trans>
                  </Text>
                ) : (
                  <Badge variant="light" color={endColor(c)} data-testid="certificate-state">
                    {c.status === 'expired' ? t`已过期` : t`剩余 ${c.daysLeft} 天`}
                  </Badge>
                )}
                {c.blocks && (
                  <Badge ml={4} color="red" data-testid="certificate-blocks">
                    <Trans>暂停新认证</Trans>
                  </Badge>
                )}
                {c.renewalNo && (
                  <Badge ml={4} variant="outline" data-testid="certificate-renewing">
                    <Trans>换证审批中</Trans>
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {c.fileUrl ? (
                  <Anchor size="sm" onClick={() => void downloadFile(c.fileUrl!, c.fileName ?? c.kind, session)}>
                    {c.fileName ?? t`下载`}
                  </Anchor>
                ) : (
                  '-'
                )}
              </Table.Td>
              {action && <Table.Td>{action(c)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
