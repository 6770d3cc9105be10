import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { LoginPage } from './-components/login-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: searchParams({ redirect: optionalText({ trim: false }) }),
  staticData: { title: msg`登录` },
  component: LoginPage,
});
