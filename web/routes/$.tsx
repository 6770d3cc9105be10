import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 3 §2.6 / §4: any unknown path goes to /notfound, which names it. */
export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/notfound', search: { path: location.pathname }, replace: true });
  },
});
