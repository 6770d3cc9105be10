import { z } from 'zod';
import { passwordChangeSchema, totpConfirmSchema, totpDisableSchema } from '#domain/staff-identity/password-rules.ts';
import { loginWaitMessage } from '#domain/messages.ts';
import { tooMany } from '#domain/errors.ts';
import { changePassword } from '#services/auth/password-change.ts';
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment, totpStatus } from '#services/auth/second-factor.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse, ok } from '../http/envelope.ts';
import { STAFF_COOKIE } from './cookies.ts';

const tag = 'identity';

/**
 * The profile page's security (docs/decisions.md "Staff identity"): the second factor of the session
 * user's own local account and its password. Each acts only on the caller's own account.
 */
export const profileSecurityEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/auth/totp',
    summary: "The session user's second factor: on or off, required, recovery codes left",
    tag,
    auth: 'staff',
    response: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() }),
    handle: ({ deps, staff }) => totpStatus(deps.db, staff.id),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/auth/totp/start',
    summary: 'Starts enrolling a new authenticator key (shown once as text and otpauth URI)',
    tag,
    auth: 'staff',
    response: z.object({ secret: z.string(), uri: z.string() }),
    async handle({ deps, staff }) {
      const me = await deps.db.selectFrom('staff').select(['id', 'username', 'email']).where('id', '=', staff.id).executeTakeFirstOrThrow();
      return startTotpEnrolment(deps.db, deps.config.appSecret, me);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/auth/totp/confirm',
    summary: 'Confirms the new key with a code from it; answers the recovery codes once',
    tag,
    auth: 'staff',
    body: totpConfirmSchema,
    response: z.object({ recoveryCodes: z.array(z.string()) }),
    handle: async ({ deps, staff, body }) => ({ recoveryCodes: await confirmTotpEnrolment(deps.db, deps.config.appSecret, staff.id, body.code) }),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/auth/totp/disable',
    summary: 'Turns the second factor off (not for administrators); asks the password again',
    tag,
    auth: 'staff',
    body: totpDisableSchema,
    response: messageResponse,
    async handle({ deps, staff, body, locale }) {
      await disableTotp(deps.db, staff.id, body.password);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/auth/password',
    summary: "Changes the session user's password; every other session of the account ends",
    tag,
    auth: 'staff',
    body: passwordChangeSchema,
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
