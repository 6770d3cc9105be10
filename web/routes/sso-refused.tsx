import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { oneOf, searchParams } from '#web/components/search-params.ts';
import { SsoRefusedPage } from './-components/sso-refused-page.tsx';

export const Route = createFileRoute('/sso-refused')({
  validateSearch: searchParams({ reason: oneOf(['unknownUser', 'failed'], 'failed') }),
  staticData: { title: msg`无法登录` },
  component: SsoRefusedPage,
});
