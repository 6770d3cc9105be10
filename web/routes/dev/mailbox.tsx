import { createFileRoute, redirect } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { PAGE_SIZES } from '#domain/fields.ts';
import { currentUserQuery } from '#web/api/auth.ts';
import { isUnauthenticated } from '#web/api/client.ts';
import { MailboxPage } from './-components/mailbox-page.tsx';

/**
 * Dev mailbox: a standalone page outside the staff shell, for staff with ops:dev-mailbox on a
 * developer's own install (the API exists nowhere else). Without a session it goes to the login.
 */
export const Route = createFileRoute('/dev/mailbox')({
  validateSearch: z.object({
    to: z.string().optional().catch(undefined),
    id: z.coerce.number().int().positive().optional().catch(undefined),
    currentPage: z.coerce.number().int().min(1).default(1).catch(1),
    pageSize: z.coerce
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
      .default(20)
      .catch(20),
  }),
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
