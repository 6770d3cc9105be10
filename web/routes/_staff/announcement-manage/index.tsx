import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PAGE_SIZES } from '#domain/fields.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { AnnouncementManagePage } from './-components/announcement-manage-page.tsx';

const search = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(20),
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
