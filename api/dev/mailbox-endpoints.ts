import { DEV_MAILBOX } from '#domain/contracts/files.ts';
import { ROUTES } from '#domain/permissions.ts';
import type { Config } from '#infra/config.ts';
import { getMailboxMail, listMailbox } from '#services/mail/mailbox.ts';
import { notFound } from '#domain/errors.ts';
import { implement } from '../http/endpoint.ts';

/**
 * The dev mailbox: what the embedded stack "sent", so a developer can open an invitation link or
 * read a login code. Whoever reads it can take over any supplier's session, so it exists only on a
 * developer's own install (APP_ENV=dev, no SMTP_URL; elsewhere its paths answer 404) and only for
 * staff holding `ops:dev-mailbox` (401 without a session, 403 without the key).
 */
const devMailbox = { permissions: [ROUTES.devMailbox], enabled: (config: Config) => config.devMailbox } as const;

export const mailboxEndpoints = [
  implement(DEV_MAILBOX.list, { ...devMailbox, handle: ({ deps, query }) => listMailbox(deps.db, query) }),
  implement(DEV_MAILBOX.mail, {
    ...devMailbox,
    async handle({ deps, params }) {
      const mail = await getMailboxMail(deps.db, params.id);
      if (!mail) throw notFound();
      return mail;
    },
  }),
];
