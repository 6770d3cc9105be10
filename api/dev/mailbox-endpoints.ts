import { z } from 'zod';
import { pageQuery } from '#domain/fields.ts';
import type { Config } from '#infra/config.ts';
import { getMailboxMail, listMailbox } from '#services/mail/mailbox.ts';
import { notFound } from '#services/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const mailboxQuery = pageQuery.extend({ to: z.string().trim().max(200, 'invalidValue').optional() });
const mailId = z.object({ id: z.coerce.number().int().positive('invalidValue') });

/**
 * The dev mailbox: what the embedded stack "sent", readable without a login so a developer can
 * open an invitation link or read a login code. It exists only where no real mail leaves the
 * machine (no SMTP_URL) and never in production; elsewhere its paths answer 404.
 */
function devMailboxEnabled(config: Config): boolean {
  return !config.SMTP_URL && config.APP_ENV !== 'prod';
}

const tag = 'dev';

export const mailboxEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/dev/v1/mailbox',
    summary: 'Outgoing mail (embedded installs only)',
    tag,
    auth: 'none',
    enabled: devMailboxEnabled,
    query: mailboxQuery,
    handle: ({ deps, query }) => listMailbox(deps.db, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/dev/v1/mailbox/:id',
    summary: 'One outgoing mail (embedded installs only)',
    tag,
    auth: 'none',
    enabled: devMailboxEnabled,
    params: mailId,
    async handle({ deps, params }) {
      const mail = await getMailboxMail(deps.db, params.id);
      if (!mail) throw notFound();
      return mail;
    },
  }),
];
