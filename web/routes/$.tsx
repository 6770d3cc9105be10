import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQuery } from '#web/api/current-user.ts';
import { isUnauthenticated } from '#web/api/client.ts';

/**
 * Req shell §2.6 / req shell §4: an unknown path goes to /notfound, which names it — once the permissions are
 * loaded. Without a session it may be a screen this user can open after login, so the login comes first.
 */
export const Route = createFileRoute('/$')({
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(currentUserQuery());
    } catch (err) {
      if (isUnauthenticated(err)) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    throw redirect({ to: '/notfound', search: { path: location.pathname }, replace: true });
  },
});
