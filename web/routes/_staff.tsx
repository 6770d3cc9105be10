import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQuery } from '../api/auth.ts';
import { isUnauthenticated } from '../api/client.ts';

/** Every staff screen sits under this pathless layout: it loads the session user or goes to /login. */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ context, location }) => {
    try {
      const user = await context.queryClient.ensureQueryData(currentUserQuery());
      return { user };
    } catch (err) {
      if (isUnauthenticated(err)) throw redirect({ to: '/login', search: { redirect: location.href } });
      throw err;
    }
  },
  component: Outlet,
});
