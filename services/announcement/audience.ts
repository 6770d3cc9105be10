import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import type { PortalPrincipal, StaffPrincipal } from '#domain/identity.ts';
import { SUPPLIER_CATEGORY_STATUS } from '#domain/supplier-master.ts';
import { forbidden } from '#domain/errors.ts';

/**
 * Who reads announcements, and which ones (docs/decisions/0038-announcements.md): staff by their roles,
 * a supplier portal account by the categories of the suppliers it stands for. A questionnaire session
 * (before the RFI passes) reads none.
 */
export type Reader = { kind: 'staff'; id: string; roles: readonly string[] } | { kind: 'portal'; id: string; categories: readonly string[] };

/** The caller as a reader; anyone else is refused. */
export async function readerOf(db: DbOrTrx, caller: { staff?: StaffPrincipal; portal?: PortalPrincipal }): Promise<Reader> {
  if (caller.staff) {
    const row = await db.selectFrom('staff').select('roles').where('id', '=', caller.staff.id).executeTakeFirstOrThrow();
    return { kind: 'staff', id: caller.staff.id, roles: row.roles };
  }
  if (caller.portal) return { kind: 'portal', id: caller.portal.accountId, categories: await accountCategories(db, caller.portal.flowNos) };
  throw forbidden('announcementReadersOnly');
}

/**
 * The categories a portal account's suppliers stand in: those its flows apply for, and those the
 * suppliers of its flows are admitted to (an expansion's or a change's categories included).
 */
async function accountCategories(db: DbOrTrx, flowNos: readonly string[]): Promise<string[]> {
  if (!flowNos.length) return [];
  const applied = await db
    .selectFrom('cert_flow')
    .select(sql<string>`jsonb_array_elements(category_list)->>'code'`.as('code'))
    .where('flow_no', 'in', flowNos)
    .execute();
  const admitted = await db
    .selectFrom('supplier_category')
    .select('category_code as code')
    .where('status', '=', SUPPLIER_CATEGORY_STATUS.ACCESSED)
    .where('supplier_no', 'in', (eb) => eb.selectFrom('cert_flow').select('supplier_no').where('flow_no', 'in', flowNos).where('supplier_no', 'is not', null).$narrowType<{ supplier_no: string }>())
    .execute();
  return [...new Set([...applied, ...admitted].map((r) => r.code).filter(Boolean))];
}

type AnnouncementEb = ExpressionBuilder<Database & { a: Database['announcement'] }, 'a'>;

/** Published, released, and addressed to this reader (the table aliased `a`). */
export function visibleTo(reader: Reader, now = new Date()) {
  return (eb: AnnouncementEb): Expression<SqlBool> => {
    const addressed =
      reader.kind === 'staff'
        ? eb.or([eb('a.audience', '=', 'ALL_STAFF'), ...(reader.roles.length ? [eb.and([eb('a.audience', '=', 'STAFF_ROLE'), eb('a.audience_code', 'in', reader.roles)])] : [])])
        : eb.or([
            eb('a.audience', '=', 'ALL_SUPPLIERS'),
            ...(reader.categories.length ? [eb.and([eb('a.audience', '=', 'SUPPLIER_CATEGORY'), eb('a.audience_code', 'in', reader.categories)])] : []),
          ]);
    return eb.and([eb('a.status', '=', 'PUBLISHED'), eb('a.release_time', '<=', now), addressed]);
  };
}
