import { Router } from 'express';
import { z } from 'zod';
import { pageQuery } from '#domain/fields.ts';
import { getMailboxMail, listMailbox } from '#services/mail/mailbox.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { notFound } from '#services/errors.ts';

export const mailboxQuery = pageQuery.extend({ to: z.string().trim().max(200, 'invalidValue').optional() });
const mailId = z.object({ id: z.coerce.number().int().positive('invalidValue') });

/**
 * The dev mailbox: what the embedded stack "sent", readable without a login so a developer can
 * open an invitation link or read a login code. It exists only where no real mail leaves the
 * machine (no SMTP_URL) and never in production; elsewhere its paths answer 404.
 */
export function devMailboxEnabled(config: AppDeps['config']): boolean {
  return !config.SMTP_URL && config.APP_ENV !== 'prod';
}

export function createDevMailboxRouter(deps: Pick<AppDeps, 'config' | 'db'>): Router {
  const router = Router();
  const answerNotFound = route(() => {
    throw notFound();
  });
  if (!devMailboxEnabled(deps.config)) {
    router.use('/dev/v1', answerNotFound);
    return router;
  }

  router.get(
    '/dev/v1/mailbox',
    route(async (req, res) => {
      const q = parse(mailboxQuery, req.query, req);
      ok(res, await listMailbox(deps.db, q));
    }),
  );

  router.get(
    '/dev/v1/mailbox/:id',
    route(async (req, res) => {
      const { id } = parse(mailId, req.params, req);
      const mail = await getMailboxMail(deps.db, id);
      if (!mail) throw notFound();
      ok(res, mail);
    }),
  );
  router.use('/dev/v1', answerNotFound);

  return router;
}
