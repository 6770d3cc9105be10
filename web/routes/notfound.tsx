import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { NotFoundPage } from './-components/not-found-page.tsx';

export const Route = createFileRoute('/notfound')({
  validateSearch: searchParams({ path: optionalText({ trim: false }) }),
  staticData: { title: msg`页面不存在` },
  component: NotFoundPage,
});
