import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { ProfilePage } from './-components/profile-page.tsx';

export const Route = createFileRoute('/_staff/profile')({
  staticData: { title: msg`个人中心` },
  component: ProfilePage,
});
