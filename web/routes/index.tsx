import { createFileRoute, redirect } from '@tanstack/react-router';

/** Req shell §2.6: `/` redirects to the dashboard. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
