import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { DashboardPage } from './-components/dashboard-page.tsx';

export const Route = createFileRoute('/_staff/dashboard')({
  staticData: { title: msg`首页` },
  component: DashboardPage,
});
