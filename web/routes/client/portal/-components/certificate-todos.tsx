import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Anchor, List } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalCertificatesQuery } from '#web/api/certificates.ts';

/**
 * The supplier's certificate tasks on the portal home: each certificate ended, or ending within 90 days, that has no
 * renewal in approval — the same days as the reminders it was mailed.
 */
export function CertificateTodos() {
  const { t, i18n } = useLingui();
  const list = useQuery(portalCertificatesQuery(i18n.locale));
  const todos = (list.data ?? []).flatMap((s) =>
    s.certificates.filter((c) => c.daysLeft !== null && c.daysLeft <= 90 && !c.renewalNo).map((c) => ({ ...c, supplierName: s.supplierName })),
  );
  if (!todos.length) return null;
  return (
    <Alert color="orange" title={t`待办：请上传换发的证书`} data-testid="portal-certificate-todos">
      <List size="sm">
        {todos.map((c) => (
          <List.Item key={c.id}>
            {c.supplierName} · {c.kindName} · {c.status === 'expired' ? t`已于 ${c.validUntil} 过期` : t`${c.daysLeft} 天后到期（${c.validUntil}）`}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/client/portal/certificates" size="sm" mt="xs" data-testid="portal-certificate-todos-link">
        <Trans>前往换证</Trans>
      </Anchor>
    </Alert>
  );
}
