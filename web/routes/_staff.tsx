import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery } from '#web/api/current-user.ts';
import { isUnauthenticated } from '#web/api/client.ts';
import { StaffLayout } from '#web/shell/staff-layout.tsx';

/**
 * Every staff screen sits under this pathless layout: it loads the session user (401 → /login) and
 * sends a user without any route permission to /nopermission (spec 3 §4, §8).
 */
export const Route = createFileRoute('/_staff')({
  beforeLoad: async ({ context, location }) => {
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
  // Read through the query so a refetch (e.g. after a language switch) reaches the frame.
  const { data: user } = useSuspenseQuery(currentUserQuery());
  return <StaffLayout user={user} />;
}
