import { createFileRoute, redirect } from '@tanstack/react-router';
import type { CurrentUser } from '#web/api/auth.ts';
import { currentUserQuery } from '#web/api/current-user.ts';
import { isUnauthenticated } from '#web/api/client.ts';
import { StaffLayout } from '#web/shell/staff-layout.tsx';
import { useShellUser } from '#web/shell/shell-user.ts';

/**
 * Every staff screen sits under this pathless layout: it loads the session user (401 → /login) and
 * sends a user without any route permission to /nopermission (req shell §4, §8).
 */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ context, location }) => {
    // Rendered at build (the dashboard, domain/shell/prerendered-pages.ts, the one staff page that is) there is
    // no session: the frame and the dashboard read the user through useShellUser, which gives none there.
    if (import.meta.env.SSR) return { user: undefined as unknown as CurrentUser };
    let user;
    try {
      user = await context.queryClient.ensureQueryData(currentUserQuery());
    } catch (err) {
      if (isUnauthenticated(err)) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
      throw err;
    }
    if (user.permissions.routes.length === 0) throw redirect({ to: '/nopermission', replace: true });
    return { user };
  },
  component: StaffFrame,
});

function StaffFrame() {
  return <StaffLayout user={useShellUser()} />;
}
