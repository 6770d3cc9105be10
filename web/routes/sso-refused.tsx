import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { oneOf, searchParams } from '#web/components/search-params.ts';
import { SsoRefusedPage } from './-components/sso-refused-page.tsx';

const search = searchParams({ reason: oneOf(['unknownUser', 'failed'], 'failed') });

export const Route = createFileRoute('/sso-refused')({
  validateSearch: search,
  staticData: { title: msg`无法登录` },
  component: SsoRefusedPage,
});
