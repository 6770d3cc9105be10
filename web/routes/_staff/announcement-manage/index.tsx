import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { AnnouncementManagePage } from './-components/announcement-manage-page.tsx';

const search = searchParams({
  ...pagingSearch,
});

export const Route = createFileRoute('/_staff/announcement-manage/')({
  validateSearch: search,
  staticData: { title: msg`公告管理`, routeKey: ROUTES.announcementManage },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.announcementManage),
  component: AnnouncementManageRoute,
});

function AnnouncementManageRoute() {
  return <AnnouncementManagePage search={Route.useSearch()} />;
}
