import type { Db } from '#db/connection.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';
import { EXIT_DICT, EXIT_OPEN_STATUSES, type ExitSaveRequest } from '#domain/supplier-exit/exit.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { withParams } from '#domain/messages.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { badRequest, conflict, forbidden, type FieldErrors } from '#domain/errors.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import type { ExitRecord } from './exit-rows.ts';

/** Only the sponsor changes an exit, and only while it is a draft. */
export function requireSponsorDraft(exit: ExitRecord, staff: StaffPrincipal): void {
  if (exit.sponsor_job_number !== staff.jobNumber) throw forbidden('exitNotSponsor');
  if (exit.status !== 'draft') throw conflict('exitNotDraft');
}

/**
 * The exit form checked against the data: an active supplier of the master, categories it is admitted
 * for and not already eliminated, dictionary values, stored attachments, and no other open exit of the
 * supplier. Returns the attachments with their stored names; 400 per field otherwise.
 */
export async function checkExitForm(db: Db, input: ExitSaveRequest, flowNo: string | undefined, locale: Locale) {
  const errors: FieldErrors = {};
  const supplier = await db.selectFrom('supplier').select(['supplier_no', 'status']).where('supplier_no', '=', input.supplierNo).executeTakeFirst();
  if (!supplier) errors.supplierNo = 'unknownSupplier';
  else if (supplier.status !== SUPPLIER_ACTIVE) errors.supplierNo = 'exitSupplierInactive';

  if (supplier && input.categoryCodes.length) {
    const admitted = await db
      .selectFrom('supplier_category')
      .select('category_code')
      .where('supplier_no', '=', input.supplierNo)
      .where('category_code', 'in', input.categoryCodes)
      .where('life_cycle', '!=', CATEGORY_LIFE_CYCLE.ELIMINATED)
      .execute();
    const missing = input.categoryCodes.filter((c) => !admitted.some((a) => a.category_code === c));
    if (missing.length) {
      const names = await db.selectFrom('category').select(['code', 'name_zh', 'name_en']).where('code', 'in', missing).execute();
      const label = (c: string) => {
        const n = names.find((x) => x.code === c);
        return n ? (locale === 'en' ? n.name_en : n.name_zh) : c;
      };
      errors.categoryCodes = withParams('exitCategoryNotAdmitted', { names: missing.map(label).join(locale === 'en' ? ', ' : '、') });
    }
  }

  const keys = [...(input.exitCategory ? [input.exitCategory] : []), ...input.exitTypes];
  if (keys.length) {
    const known = await db
      .selectFrom('dict_entry')
      .select(['dict_type', 'dict_key'])
      .where('dict_type', 'in', [EXIT_DICT.category, EXIT_DICT.type])
      .where('dict_key', 'in', keys)
      .execute();
    const has = (type: string, key: string) => known.some((k) => k.dict_type === type && k.dict_key === key);
    if (input.exitCategory && !has(EXIT_DICT.category, input.exitCategory)) errors.exitCategory = 'invalidValue';
    if (input.exitTypes.some((t) => !has(EXIT_DICT.type, t))) errors.exitTypes = 'invalidValue';
  }
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);

  let open = db.selectFrom('supplier_exit').select('flow_no').where('supplier_no', '=', input.supplierNo).where('status', 'in', [...EXIT_OPEN_STATUSES]);
  if (flowNo) open = open.where('flow_no', '!=', flowNo);
  const other = await open.executeTakeFirst();
  if (other) throw conflict(withParams('exitAlreadyOpen', { flowNo: other.flow_no }));

  // Staff attachments: any staff upload, checked and renamed as stored (no free URLs).
  return requireStoredDocuments(db, { kind: 'staff', flowNo: flowNo ?? '' }, 'documentList', input.documentList);
}
