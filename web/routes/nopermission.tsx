import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { NoPermissionPage } from './-components/no-permission-page.tsx';

export const Route = createFileRoute('/nopermission')({
  staticData: { title: msg`暂无权限` },
  component: NoPermissionPage,
});
