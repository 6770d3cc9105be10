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

/** An exit row as the services leave it (no workflow behind it): a draft, or submitted to `approver`. */
export async function insertExit(
  db: Db,
  opts: { status?: 'draft' | 'submitted'; sponsor?: string; approver?: string; supplierNo?: string; categoryCodes?: string[] } = {},
): Promise<string> {
  const sponsor = await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '=', opts.sponsor ?? SPONSOR).executeTakeFirstOrThrow();
  const approver = opts.approver ? await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '=', opts.approver).executeTakeFirstOrThrow() : undefined;
  const flowNo = `EXT${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const categoryCodes = opts.categoryCodes ?? ['101002'];
  await db
    .insertInto('supplier_exit')
    .values({
      flow_no: flowNo,
      supplier_no: opts.supplierNo ?? 'SN000001',
      scope: categoryCodes.length ? 'CATEGORY' : 'SUPPLIER',
      category_codes: JSON.stringify(categoryCodes),
      exit_category: 'ELIMINATION',
      exit_types: JSON.stringify(['QUALITY']),
      reason: '质量问题',
      sponsor_job_number: sponsor.job_number,
      sponsor_name: sponsor.name,
      status: opts.status ?? 'draft',
      approver_job_number: approver?.job_number ?? null,
      approver_name: approver?.name ?? null,
      submitted_at: opts.status === 'submitted' ? new Date() : null,
    })
    .execute();
  return flowNo;
}
