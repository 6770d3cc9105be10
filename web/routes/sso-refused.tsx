import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { SsoRefusedPage } from './-components/sso-refused-page.tsx';

export const Route = createFileRoute('/sso-refused')({
  validateSearch: z.object({ reason: z.enum(['unknownUser', 'failed']).catch('failed') }),
  staticData: { title: msg`无法登录` },
  component: SsoRefusedPage,
});
