import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { AgreementPage } from './-components/agreement-page.tsx';

/** Public registration notice and privacy policy (req shell §2.8); no login needed. */
export const Route = createFileRoute('/client/agreement')({
  staticData: { title: msg`隐私声明` },
  component: AgreementPage,
});
