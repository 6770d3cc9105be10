import { hashPassword, verifyPassword } from '#adapters/security/password.ts';
import { secretBox } from '#adapters/security/secret-box.ts';
import type { Db } from '../connection.ts';
import { ADMIN_ROLE, ROLES } from './reference/roles.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_STAFF } from './reference/staff.ts';
import { upsertRows } from './upsert.ts';

export const DEMO_PASSWORD = 'Demo@2026';
/**
 * The demo administrator's TOTP key (Base32), as published as its password: administrators need a
 * second factor, and the demo one, which exists only where demo data is seeded (never in production),
 * comes enrolled with this key so a developer adds it to an authenticator once (docs/decisions/).
 */
export const DEMO_TOTP_SECRET = 'DEMOADMINSUPPLIERPLATFORMTOTPKEY';
const demoEmail = (username: string) => `${username}@${DEMO_EMAIL_DOMAIN}`;

/** What start-up prints: one login per role (with the TOTP key where the role needs a second factor). */
export const DEMO_LOGINS: readonly { username: string; password: string; roleLabel: string; totpSecret?: string }[] = ROLES.map((role) => {
  const staff = DEMO_STAFF.find((s) => s.roles.includes(role.code));
  if (!staff) throw new Error(`no demo staff for role ${role.code}`);
  const totp = role.code === ADMIN_ROLE ? { totpSecret: DEMO_TOTP_SECRET } : {};
  return { username: staff.username, password: DEMO_PASSWORD, roleLabel: `${role.en} / ${role.zh}`, ...totp };
});

/** Roles follow the seed data (names and permission keys) on every run. */
export async function seedRoles(db: Db): Promise<void> {
  const rows = ROLES.map((r) => ({ code: r.code, name_zh: r.zh, name_en: r.en, permissions: JSON.stringify(r.permissions) }));
  await upsertRows(db, 'role', rows, { key: ['code'], update: ['name_zh', 'name_en', 'permissions'] });
}

/**
 * Demo staff. scrypt is deliberately slow, so the password is hashed once per run and only when
 * some demo account is missing; existing accounts keep their password.
 */
export async function seedDemoStaff(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('staff')
    .select('job_number')
    .where(
      'job_number',
      'in',
      DEMO_STAFF.map((s) => s.jobNumber),
    )
    .execute();
  const have = new Set(existing.map((r) => r.job_number));
  const missing = DEMO_STAFF.filter((s) => !have.has(s.jobNumber));
  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const rows = missing.map((s) => ({
      job_number: s.jobNumber,
      username: s.username,
      name: s.name,
      email: demoEmail(s.username),
      department_id: s.departmentId,
      department_name: s.departmentName,
      password_hash: passwordHash,
      roles: JSON.stringify(s.roles),
    }));
    await upsertRows(db, 'staff', rows, { key: ['job_number'], update: [] });
  }
  // Workshops for the factory tag; set once, so a location changed since is kept.
  for (const s of DEMO_STAFF) {
    if (!s.factoryLocation) continue;
    await db.updateTable('staff').set({ factory_location: s.factoryLocation }).where('job_number', '=', s.jobNumber).where('factory_location', 'is', null).execute();
  }
}

/**
 * Demo administrators without a second factor get the published demo key (sealed under this
 * installation's APP_SECRET), so they log in with a code instead of enrolling at every fresh start.
 */
export async function enrolDemoAdmins(db: Db, appSecret: string): Promise<void> {
  const admins = DEMO_STAFF.filter((s) => s.roles.includes(ADMIN_ROLE)).map((s) => s.jobNumber);
  await db
    .updateTable('staff')
    .set({ totp_secret: secretBox(appSecret, 'totp').seal(DEMO_TOTP_SECRET), totp_enabled_at: new Date(), totp_last_step: null })
    .where('job_number', 'in', admins)
    .where('email', 'in', DEMO_STAFF.filter((s) => admins.includes(s.jobNumber)).map((s) => demoEmail(s.username)))
    .where('totp_enabled_at', 'is', null)
    .execute();
}

/**
 * Where demo data is not wanted, demo accounts an earlier start left behind (with the published
 * password) are turned off; matched by job number and demo e-mail, so a real colleague who happens
 * to have a demo job number is never touched.
 */
export async function retireDemoStaff(db: Db): Promise<void> {
  await db
    .updateTable('staff')
    .set({ active: false })
    .where('job_number', 'in', DEMO_STAFF.map((s) => s.jobNumber))
    .where('email', 'in', DEMO_STAFF.map((s) => demoEmail(s.username)))
    .where('active', '=', true)
    .execute();
}

/** The administrator of ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD. */
export interface AdminAccount {
  username: string;
  email: string;
  password: string;
}

/**
 * The configured administrator is configuration: every start makes it present (its job number and
 * name are its username), active, an administrator, with the configured e-mail and password — so a
 * changed ADMIN_PASSWORD takes effect at the next start and ends the account's sessions. Nothing is
 * written when it is already so; one password check per start.
 */
export async function seedAdmin(db: Db, admin: AdminAccount): Promise<void> {
  const row = await db
    .selectFrom('staff')
    .select(['id', 'email', 'roles', 'active', 'password_hash'])
    .where('username', '=', admin.username)
    .executeTakeFirst();
  if (!row) {
    await db
      .insertInto('staff')
      .values({
        job_number: admin.username,
        username: admin.username,
        name: admin.username,
        email: admin.email,
        password_hash: await hashPassword(admin.password),
        roles: JSON.stringify([ADMIN_ROLE]),
      })
      // The API and its workers start together and seed alike: the first one makes it.
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
    return;
  }
  const passwordKept = await verifyPassword(admin.password, row.password_hash);
  const isAdmin = row.roles.includes(ADMIN_ROLE);
  if (passwordKept && isAdmin && row.active && row.email === admin.email) return;
  await db
    .updateTable('staff')
    .set({
      email: admin.email,
      active: true,
      roles: JSON.stringify(isAdmin ? row.roles : [...row.roles, ADMIN_ROLE]),
      ...(passwordKept ? {} : { password_hash: await hashPassword(admin.password) }),
    })
    .where('id', '=', row.id)
    .execute();
  if (!passwordKept) await db.deleteFrom('staff_session').where('staff_id', '=', row.id).execute();
}
