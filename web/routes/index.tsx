import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 3 §2.6: `/` redirects to the dashboard. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
