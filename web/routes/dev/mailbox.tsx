import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalInteger, optionalText, searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { currentUserQuery } from '#web/api/current-user.ts';
import { isUnauthenticated } from '#web/api/client.ts';
import { MailboxPage } from './-components/mailbox-page.tsx';

const search = searchParams({
  to: optionalText({ trim: false }),
  id: optionalInteger({ min: 1 }),
  ...pagingSearch,
});

/**
 * Dev mailbox: a standalone page outside the staff shell, for staff with ops:dev-mailbox on a
 * developer's own install (the API exists nowhere else). Without a session it goes to the login.
 */
export const Route = createFileRoute('/dev/mailbox')({
  validateSearch: search,
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(currentUserQuery());
    } catch (err) {
      if (isUnauthenticated(err)) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
      throw err;
    }
  },
  staticData: { title: msg`开发邮箱` },
  component: MailboxRoute,
});

function MailboxRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MailboxPage search={search} onSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })} />;
}
