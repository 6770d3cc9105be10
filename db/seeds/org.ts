import { hashPassword } from '#adapters/security/password.ts';
import type { Db } from '../connection.ts';
import { ROLES } from './reference/roles.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_STAFF } from './reference/staff.ts';
import { upsertRows } from './upsert.ts';

export const DEMO_PASSWORD = 'Demo@2026';

/** What start-up prints: one login per role. */
export const DEMO_LOGINS: readonly { username: string; password: string; roleLabel: string }[] = ROLES.map((role) => {
  const staff = DEMO_STAFF.find((s) => s.roles.includes(role.code));
  if (!staff) throw new Error(`no demo staff for role ${role.code}`);
  return { username: staff.username, password: DEMO_PASSWORD, roleLabel: `${role.en} / ${role.zh}` };
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
      email: `${s.username}@${DEMO_EMAIL_DOMAIN}`,
      department_id: s.departmentId,
      department_name: s.departmentName,
      password_hash: passwordHash,
      roles: JSON.stringify(s.roles),
    }));
    await upsertRows(db, 'staff', rows, { key: ['job_number'], update: [] });
  }
}
