import { z } from 'zod';
import { pageQuery } from '#domain/fields.ts';
import { ROUTES } from '#domain/permissions.ts';
import type { Config } from '#infra/config.ts';
import { getMailboxMail, listMailbox } from '#services/mail/mailbox.ts';
import { notFound } from '#domain/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const mailboxQuery = pageQuery.extend({ to: z.string().trim().max(200, 'invalidValue').optional() });
const mailId = z.object({ id: z.coerce.number().int().positive('invalidValue') });

/**
 * The dev mailbox: what the embedded stack "sent", so a developer can open an invitation link or
 * read a login code. Whoever reads it can take over any supplier's session, so it exists only on a
 * developer's own install (APP_ENV=dev, no SMTP_URL; elsewhere its paths answer 404) and only for
 * staff holding `ops:dev-mailbox` (401 without a session, 403 without the key).
 */
const devMailbox = { tag: 'dev', auth: 'staff', permissions: [ROUTES.devMailbox], enabled: (config: Config) => config.devMailbox } as const;

export const mailboxEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/dev/v1/mailbox',
    summary: "Outgoing mail (a developer's own install only)",
    ...devMailbox,
    query: mailboxQuery,
    handle: ({ deps, query }) => listMailbox(deps.db, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/dev/v1/mailbox/:id',
    summary: "One outgoing mail (a developer's own install only)",
    ...devMailbox,
    params: mailId,
    async handle({ deps, params }) {
      const mail = await getMailboxMail(deps.db, params.id);
      if (!mail) throw notFound();
      return mail;
    },
  }),
];
