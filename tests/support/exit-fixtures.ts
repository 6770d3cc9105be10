import type { Db } from '#db/connection.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { ExitFormInput } from '#domain/supplier-exit/exit.ts';
import { exitSubmitRequest } from '#domain/supplier-exit/exit.ts';
import { exitApprover } from '#services/supplier-exit/approver.ts';

/** A seeded staff member as the API would see them: their roles' permission keys. */
export async function principalOf(db: Db, jobNumber: string): Promise<StaffPrincipal> {
  const s = await db.selectFrom('staff').select(['id', 'job_number', 'name', 'roles']).where('job_number', '=', jobNumber).executeTakeFirstOrThrow();
  const roles = await db.selectFrom('role').select('permissions').where('code', 'in', s.roles.length ? s.roles : ['-']).execute();
  return { kind: 'staff', id: s.id, jobNumber: s.job_number, name: s.name, permissions: [...new Set(roles.flatMap((r) => r.permissions))] };
}

/** A complete exit form of one category (or of the whole supplier when no category is given). */
export function exitForm(supplierNo: string, categoryCodes: string[] = [], overrides: Partial<ExitFormInput> = {}): ExitFormInput {
  return {
    supplierNo,
    exitScope: categoryCodes.length ? 'CATEGORY' : 'SUPPLIER',
    categoryCodes,
    exitCategory: 'ELIMINATION',
    exitTypes: ['QUALITY', 'DELIVERY'],
    reason: '连续两个季度质量PPM超标，交付准时率低于80%',
    documentList: [],
    ...overrides,
  };
}

export const parsedExit = (form: ExitFormInput) => exitSubmitRequest.parse(form);

/** The approver an exit of these categories gets (the CMT leader of the first). */
export const approverFor = (db: Db, categoryCodes: string[]) => exitApprover(db, categoryCodes);

/** The seeded purchasing manager who sponsors exits in the suites, and the administrator. */
export const SPONSOR = 'E10002';
export const ADMIN = 'E10001';
