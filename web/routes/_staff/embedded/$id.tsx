import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { EmbeddedPageView } from './-components/embedded-page-view.tsx';

const search = searchParams({
  path: optionalText({ max: 2000, trim: false }),
  title: optionalText({ max: 50 }),
});

/**
 * /embedded/{id} (req shell §2.6): a configured page of another system in a full-size frame; `path` opens a
 * deeper address of the same system, `title` names the tab and the page.
 */
export const Route = createFileRoute('/_staff/embedded/$id')({
  validateSearch: search,
  staticData: { title: msg`外部系统` },
  component: function EmbeddedRoute() {
    const { id } = Route.useParams();
    const { path, title } = Route.useSearch();
    return <EmbeddedPageView id={id} path={path} title={title} />;
  },
});
