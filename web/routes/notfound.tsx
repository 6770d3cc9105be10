import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { NotFoundPage } from './-components/not-found-page.tsx';

const search = searchParams({ path: optionalText({ trim: false }) });

export const Route = createFileRoute('/notfound')({
  validateSearch: search,
  staticData: { title: msg`页面不存在` },
  component: NotFoundPage,
});
