import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { secondFactorRequired, type TotpEnrolment } from '#domain/staff-identity/second-factor.ts';
import { TOTP_CODE } from '#domain/staff-identity/password-rules.ts';
import { hashPassword, verifyPassword } from '#adapters/security/password.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { backoffRemaining, clearLoginFailures, recordLoginFailure } from './login-backoff.ts';
import { enableTotp, pendingTotpSecret, startTotpEnrolment, totpSecretOf, useRecoveryCode } from './second-factor.ts';
import { verifyTotp } from './totp.ts';

export interface StaffSessionDeps {
  db: Db;
  sessionTtlHours: number;
  /** Seals the TOTP keys (adapters/security/secret-box.ts). */
  appSecret: string;
  /** The address the login comes from (behind a trusted proxy, the one it names): the back-off counts per account and address. */
  clientAddress?: string;
  now?: () => Date;
}

const attemptOf = (deps: Pick<StaffSessionDeps, 'clientAddress'>, username: string) => ({ username, address: deps.clientAddress ?? 'unknown' });

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

/** A login waiting for its second step: the token of the step's cookie. */
export interface OpenedStep {
  token: string;
  expiresAt: Date;
}

export type StaffLoginResult =
  | { ok: true; next: 'done'; session: OpenedSession }
  | { ok: true; next: 'totp'; step: OpenedStep }
  | { ok: true; next: 'enrolTotp'; step: OpenedStep; enrolment: TotpEnrolment }
  | { ok: false; reason: 'badCredentials' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export type SecondStepResult =
  | { ok: true; session: OpenedSession; recoveryCodes?: string[] }
  | { ok: false; reason: 'wrongCode' | 'stepExpired' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** How long the second step may take, and how many codes it may try, before the password is asked again. */
export const LOGIN_STEP = { minutes: 5, attempts: 5 } as const;

// Verified against when the username is unknown, so a miss costs the same time as a wrong password
// and the answer time does not tell which usernames exist.
const decoyHash = hashPassword('decoy-password-never-matches');

/**
 * The password step of a local-account login. Any mismatch is one reason (no hint which); an account
 * in back-off is refused before its password is looked at. A right password opens the session, or —
 * with a second factor, or for an administrator who has none yet — a short second step; the failure
 * count is cleared only once the whole login succeeds, so the code cannot be guessed with resets.
 */
export async function openStaffSession(deps: StaffSessionDeps, username: string, password: string, locale?: Locale): Promise<StaffLoginResult> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const wait = await backoffRemaining(db, attemptOf(deps, username), now);
  if (wait) return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'username', 'email', 'password_hash', 'roles', 'totp_enabled_at'])
    .where('username', '=', username)
    .where('active', '=', true)
    .executeTakeFirst();
  const matches = await verifyPassword(password, staff?.password_hash ?? (await decoyHash));
  if (!staff || !matches) {
    await recordLoginFailure(db, attemptOf(deps, username), now);
    return { ok: false, reason: 'badCredentials' };
  }

  if (staff.totp_enabled_at) return { ok: true, next: 'totp', step: await openStep(db, staff.id, 'totp', locale, now) };
  if (secondFactorRequired(staff.roles)) {
    // An administrator without a second factor enrols before reaching anything else (docs/decisions/).
    const enrolment = await startTotpEnrolment(db, deps.appSecret, staff);
    return { ok: true, next: 'enrolTotp', step: await openStep(db, staff.id, 'enrolTotp', locale, now), enrolment };
  }
  return { ok: true, next: 'done', session: await openSessionFor(deps, staff, { locale, now }) };
}

/** The second step with an authenticator code or a recovery code. */
export async function completeTotpStep(deps: StaffSessionDeps, stepToken: string, code: string): Promise<SecondStepResult> {
  return secondStep(deps, stepToken, 'totp', async (staff, now) => {
    if (!TOTP_CODE.test(code)) return (await useRecoveryCode(deps.db, staff.id, code, now)) ? {} : null;
    const secret = totpSecretOf(deps.appSecret, staff.totp_secret);
    // A key sealed under an earlier APP_SECRET opens no more: only a recovery code gets in then.
    if (!secret) return null;
    const step = await verifyTotp(secret, code, staff.totp_last_step, now);
    if (step === null) return null;
    // Conditional, so two requests racing with one code cannot both use it.
    const taken = await deps.db
      .updateTable('staff')
      .set({ totp_last_step: step })
      .where('id', '=', staff.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return taken.numUpdatedRows > 0n ? {} : null;
  });
}

/** The enrolment an administrator is made to finish at login: a code from the new key turns it on. */
export async function completeEnrolStep(deps: StaffSessionDeps, stepToken: string, code: string): Promise<SecondStepResult> {
  return secondStep(deps, stepToken, 'enrolTotp', async (staff, now) => {
    const secret = await pendingTotpSecret(deps.db, deps.appSecret, staff.id);
    const step = secret && TOTP_CODE.test(code) ? await verifyTotp(secret, code, null, now) : null;
    if (step === null) return null;
    return { recoveryCodes: await enableTotp(deps.db, staff.id, step, now) };
  });
}

type StepStaff = { id: string; username: string; totp_secret: string | null; totp_last_step: number | null };

async function secondStep(
  deps: StaffSessionDeps,
  stepToken: string,
  kind: 'totp' | 'enrolTotp',
  check: (staff: StepStaff, now: Date) => Promise<{ recoveryCodes?: string[] } | null>,
): Promise<SecondStepResult> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const row = await db
    .selectFrom('staff_login_step as l')
    .innerJoin('staff as u', 'u.id', 'l.staff_id')
    .select(['l.token_hash', 'l.attempts', 'l.locale', 'u.id', 'u.username', 'u.totp_secret', 'u.totp_last_step'])
    .where('l.token_hash', '=', hashToken(stepToken))
    .where('l.step', '=', kind)
    .where('l.expires_at', '>', now)
    .where('u.active', '=', true)
    .executeTakeFirst();
  if (!row || row.attempts >= LOGIN_STEP.attempts) return { ok: false, reason: 'stepExpired' };
  const wait = await backoffRemaining(db, attemptOf(deps, row.username), now);
  if (wait) return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  const passed = await check(row, now);
  if (!passed) {
    await db.updateTable('staff_login_step').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('token_hash', '=', row.token_hash).execute();
    // A wrong code counts like a wrong password: the same back-off closes the account.
    await recordLoginFailure(db, attemptOf(deps, row.username), now);
    return { ok: false, reason: 'wrongCode' };
  }
  // The step's token is spent; the session gets a new one (no fixation from the half-logged-in state).
  await db.deleteFrom('staff_login_step').where('token_hash', '=', row.token_hash).execute();
  const session = await openSessionFor(deps, row, { locale: (row.locale as Locale | null) ?? undefined, now });
  return { ok: true, session, ...passed };
}

async function openStep(db: Db, staffId: string, step: 'totp' | 'enrolTotp', locale: Locale | undefined, now: Date): Promise<OpenedStep> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LOGIN_STEP.minutes * 60_000);
  // One pending login per account: a new password step replaces an unfinished one.
  await db.deleteFrom('staff_login_step').where('staff_id', '=', staffId).execute();
  await db.insertInto('staff_login_step').values({ token_hash: hashToken(token), staff_id: staffId, step, locale: locale ?? null, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/**
 * Opens a session for a staff member whose login is complete (local account, or the company's identity
 * provider with `federated`), and forgets the account's failed attempts.
 */
export async function openSessionFor(
  deps: Pick<StaffSessionDeps, 'db' | 'sessionTtlHours'>,
  staff: { id: string; username: string },
  opts: { locale?: Locale; now: Date; federated?: boolean },
): Promise<OpenedSession> {
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + deps.sessionTtlHours * 3_600_000);
  await deps.db.transaction().execute(async (trx) => {
    // Housekeeping: this user's ended sessions go when a new one starts.
    await trx.deleteFrom('staff_session').where('staff_id', '=', staff.id).where('expires_at', '<=', opts.now).execute();
    await trx
      .insertInto('staff_session')
      .values({ token_hash: hashToken(token), staff_id: staff.id, expires_at: expiresAt, federated: opts.federated ?? false })
      .execute();
    await clearLoginFailures(trx, staff.username);
    // The language they log in with is the one their mails are written in (reminders, docs/decisions/).
    if (opts.locale) await trx.updateTable('staff').set({ locale: opts.locale }).where('id', '=', staff.id).execute();
  });
  return { token, expiresAt };
}

/** Ends the session of a token; answers whether it came from the identity provider (its logout is federated). */
export async function closeStaffSession(db: Db, token: string): Promise<{ federated: boolean }> {
  const ended = await db.deleteFrom('staff_session').where('token_hash', '=', hashToken(token)).returning('federated').executeTakeFirst();
  return { federated: ended?.federated ?? false };
}

/** Ends every session of an account but the one given (a password change keeps the session that made it). */
export async function endOtherSessions(db: DbOrTrx, staffId: string, keepToken?: string): Promise<void> {
  let q = db.deleteFrom('staff_session').where('staff_id', '=', staffId);
  if (keepToken) q = q.where('token_hash', '!=', hashToken(keepToken));
  await q.execute();
  await db.deleteFrom('staff_login_step').where('staff_id', '=', staffId).execute();
}
