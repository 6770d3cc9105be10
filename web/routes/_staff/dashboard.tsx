import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { DashboardPage } from './-components/dashboard-page.tsx';

export const Route = createFileRoute('/_staff/dashboard')({
  // My open tasks change with every decision taken elsewhere: opening the tab shows them as they are.
  staticData: { title: msg`首页`, noCache: true },
  component: DashboardPage,
});
