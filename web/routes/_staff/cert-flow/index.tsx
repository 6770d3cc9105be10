import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '../../../shell/guard.ts';

export const Route = createFileRoute('/_staff/cert-flow/')({
  staticData: { title: msg`认证流程管理`, routeKey: ROUTES.certFlowList },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.certFlowList),
  component: CertFlowPage,
});

function CertFlowPage() {
  return (
    <Title order={3}>
      <Trans>认证流程管理</Trans>
    </Title>
  );
}
