import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { LoginPage } from './-components/login-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional() }),
  staticData: { title: msg`登录` },
  component: LoginPage,
});
