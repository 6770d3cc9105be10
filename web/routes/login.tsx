import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { LoginPage } from './-components/login-page.tsx';

const search = searchParams({ redirect: optionalText({ trim: false }) });

export const Route = createFileRoute('/login')({
  validateSearch: search,
  staticData: { title: msg`登录` },
  component: LoginPage,
});
