import { loginWaitMessage } from '#domain/messages.ts';
import { tooMany } from '#domain/errors.ts';
import { changePassword } from '#services/auth/password-change.ts';
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment, totpStatus } from '#services/auth/second-factor.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { IDENTITY } from '#domain/contracts/identity.ts';
import { messageOf, ok } from '../http/envelope.ts';
import { STAFF_COOKIE } from './cookies.ts';


/**
 * The profile page's security (docs/decisions/0040-staff-identity.md): the second factor of the session
 * user's own local account and its password. Each acts only on the caller's own account.
 */
export const profileSecurityEndpoints = [
  implement(IDENTITY.totp, {
    handle: ({ deps, staff }) => totpStatus(deps.db, staff.id),
  }),
  implement(IDENTITY.totpStart, {
    async handle({ deps, staff }) {
      const me = await deps.db.selectFrom('staff').select(['id', 'username', 'email']).where('id', '=', staff.id).executeTakeFirstOrThrow();
      return startTotpEnrolment(deps.db, deps.config.appSecret, me);
    },
  }),
  implement(IDENTITY.totpConfirm, {
    handle: async ({ deps, staff, body }) => ({ recoveryCodes: await confirmTotpEnrolment(deps.db, deps.config.appSecret, staff.id, body.code) }),
  }),
  implement(IDENTITY.totpDisable, {
    async handle({ deps, staff, body, locale }) {
      await disableTotp(deps.db, staff.id, body.password);
      return messageOf('operationSuccess', locale);
    },
  }),
  implementResponding(IDENTITY.password, {
    async respond({ deps, staff, body, locale }, req, res) {
      const me = await deps.db.selectFrom('staff').select('username').where('id', '=', staff.id).executeTakeFirstOrThrow();
      const who = { id: staff.id, username: me.username, sessionToken: req.cookies?.[STAFF_COOKIE] as string, clientAddress: req.ip };
      const result = await changePassword(deps.db, who, body, { configuredAdmin: deps.config.admin?.username });
      if (!result.ok) {
        res.set('Retry-After', String(result.retryAfterSeconds));
        throw tooMany(loginWaitMessage(result.retryAfterSeconds));
      }
      ok(res, messageOf('passwordChanged', locale));
    },
  }),
];
