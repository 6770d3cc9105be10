import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { NotFoundPage } from './-components/not-found-page.tsx';

export const Route = createFileRoute('/notfound')({
  validateSearch: z.object({ path: z.string().optional() }),
  staticData: { title: msg`页面不存在` },
  component: NotFoundPage,
});
