import { createFileRoute, redirect } from '@tanstack/react-router';

/** Req shell §2.6: /redirect/{path} replaces to '/'+path and keeps the query. */
export const Route = createFileRoute('/redirect/$')({
  beforeLoad: ({ params, location }) => {
    throw redirect({ href: `/${params._splat ?? ''}${location.searchStr}`, replace: true });
  },
});
