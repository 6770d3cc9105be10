import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { HelpPage } from './-components/help-page.tsx';

export const Route = createFileRoute('/_staff/help')({
  staticData: { title: msg`帮助手册` },
  component: HelpPage,
});
