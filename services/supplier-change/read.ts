import type { Db } from '#db/connection.ts';
import { ERP_DICT_TYPES } from '#domain/erp-reference.ts';
import type { Page } from '#domain/fields.ts';
import type { Locale } from '#domain/i18n.ts';
import type { ChangeDocumentRow, ChangeRecord } from '#domain/supplier-change/change-form.ts';
import { FACTORY_MAX_DEFAULT } from '#domain/supplier-change/change-form.ts';
import type {
  ChangeComparison,
  ChangeDetail,
  ChangeListRequest,
  ChangeRow,
  ChangeSnapshot,
  ChangeSupplierCategory,
  ChangeSupplierData,
  ChangeSupplierStatus,
} from '#domain/supplier-change/requests.ts';
import { approvalStatusOf, cardsOf, isCancellableChange, isEditableChange, type ApprovalStatus } from '#domain/supplier-change/status.ts';
import { SUPPLIER_CATEGORY_STATUS } from '#domain/supplier-master.ts';
import type { DictItem } from '#domain/reference-data.ts';
import { listDictionary } from '#services/common/dictionaries.ts';
import { LOOKUP_TTL_MS, ttlCachePer } from '#services/common/ttl-cache.ts';
import { badRequest, notFound } from '#domain/errors.ts';
import { codeLabelsOf } from '#services/supplier-master/code-labels.ts';
import { isFactoryAdmin, portalSupplierNos, requireSupplierAccess, staffSupplierScope, type ChangeCaller } from './access.ts';
import { effectivePurchaseOrgsOf, loadChange, masterOf, openChangeOf, recordForSide, type ChangeRowRecord } from './change-rows.ts';
import { changeOfComparisonCode } from './comparison-code.ts';

type ListRow = ChangeRowRecord & { supplier_code: string; supplier_name: string };

function rowOf(r: ListRow, caller: ChangeCaller): ChangeRow {
  const ownSide = r.side === caller.side;
  return {
    flowNo: r.flow_no,
    supplierNo: r.supplier_no,
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
    modifyType: r.modify_type,
    side: r.side,
    status: r.status,
    approvalStatus: approvalStatusOf(r.status),
    bankChange: r.bank_change,
    submitterName: r.submitter_name,
    createdAt: r.created_at.toISOString(),
    submittedAt: r.submitted_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
    actions: { edit: ownSide && isEditableChange(r.status), cancel: ownSide && isCancellableChange(r.status) },
  };
}

function changesQuery(db: Db) {
  return db.selectFrom('supplier_change as c').innerJoin('supplier as s', 's.supplier_no', 'c.supplier_no');
}

/**
 * POST supplier-info/modify-page (the account's suppliers' changes made in the portal) and
 * supplier-inner-edit/list (the changes, both sides, of the suppliers this staff member may change), newest first.
 */
export async function changePage(db: Db, caller: ChangeCaller, req: ChangeListRequest): Promise<Page<ChangeRow>> {
  const scope = caller.side === 'supplier' ? await portalSupplierNos(db, caller.portal) : await staffSupplierScope(db, caller.staff);
  if (scope && scope.length === 0) return { records: [], total: 0 };
  let q = changesQuery(db);
  if (scope) q = q.where('c.supplier_no', 'in', scope);
  if (caller.side === 'supplier') q = q.where('c.side', '=', 'supplier');
  if (req.flowNo) q = q.where('c.flow_no', '=', req.flowNo);
  if (req.modifyType) q = q.where('c.modify_type', '=', req.modifyType);
  if (req.status) q = q.where('c.status', '=', req.status);
  if (req.supplier && caller.side === 'staff') {
    const like = `%${req.supplier.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) => eb.or([eb('s.name', 'ilike', like), eb('s.supplier_code', 'ilike', like), eb('s.supplier_no', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll('c')
      .select(['s.supplier_code', 's.name as supplier_name'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.flow_no', 'desc')
      .limit(req.pageSize)
      .offset((req.currentPage - 1) * req.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map((r) => rowOf(r, caller)), total: Number(count.n) };
}

/**
 * A change this caller may read: staff responsible for its supplier (any side); the supplier side only its
 * own suppliers' portal changes. Anything else is 404, so a number tells nothing.
 */
async function readableChange(db: Db, caller: ChangeCaller, flowNo: string): Promise<ListRow> {
  const change = await loadChange(db, flowNo).catch(() => undefined);
  if (!change || (caller.side === 'supplier' && change.side !== 'supplier')) throw notFound('changeNotFound');
  try {
    await requireSupplierAccess(db, caller, change.supplier_no);
  } catch {
    throw notFound('changeNotFound');
  }
  const s = await db.selectFrom('supplier').select(['supplier_code', 'name']).where('supplier_no', '=', change.supplier_no).executeTakeFirstOrThrow();
  return { ...change, supplier_code: s.supplier_code, supplier_name: s.name };
}

/** GET supplier-info/detail and supplier-inner-edit/get-supplier-edit-info: the change as its form edits it. */
export async function changeDetail(db: Db, caller: ChangeCaller, flowNo: string, factoryMax = FACTORY_MAX_DEFAULT): Promise<ChangeDetail> {
  const change = await readableChange(db, caller, flowNo);
  const steps = await db.selectFrom('supplier_change_step').selectAll().where('flow_no', '=', flowNo).where('round', '=', change.round).orderBy('seq').execute();
  const snapshot = change.snapshot as unknown as ChangeRecord;
  return {
    ...rowOf(change, caller),
    modifyReason: change.modify_reason,
    record: recordForSide(change.new_version as unknown as ChangeRecord, caller.side),
    documentList: change.documents as ChangeDocumentRow[],
    cards: cardsOf(change.modify_type, caller.side),
    reason: change.reason,
    round: change.round,
    steps: steps.map((s) => ({
      seq: s.seq,
      approverName: s.approver_name,
      status: s.status as ApprovalStatus,
      decidedByName: s.decided_by_name,
      reason: s.reason,
      decidedAt: s.decided_at?.toISOString() ?? null,
    })),
    erpMessage: change.erp_message,
    rules: { factoryAdmin: isFactoryAdmin(caller), maxFactories: factoryMax, effectivePurchaseOrgs: effectivePurchaseOrgsOf(snapshot) },
  };
}

/** GET …/snapshot?flowNo=: the master as the change started from it. */
export async function changeSnapshot(db: Db, caller: ChangeCaller, flowNo: string, locale: Locale): Promise<ChangeSnapshot> {
  const change = await readableChange(db, caller, flowNo);
  const record = recordForSide(change.snapshot as unknown as ChangeRecord, caller.side);
  // The labels of both sides' codes: the screens compare this snapshot with the change's new version.
  const labels = await codeLabelsOf(db, [record, recordForSide(change.new_version as unknown as ChangeRecord, caller.side)], locale);
  return { flowNo, modifyType: change.modify_type, record, labels };
}

/**
 * GET …/comparison?comparisonCode= (no login): only the change the code belongs to. A supplier-side
 * change is shown without the purchase parts (the link may reach the supplier).
 */
export async function changeComparison(db: Db, code: string, locale: Locale): Promise<ChangeComparison> {
  const flowNo = await changeOfComparisonCode(db, code);
  const change = await loadChange(db, flowNo);
  const supplier = await db.selectFrom('supplier').select('name').where('supplier_no', '=', change.supplier_no).executeTakeFirstOrThrow();
  const before = recordForSide(change.snapshot as unknown as ChangeRecord, change.side);
  const after = recordForSide(change.new_version as unknown as ChangeRecord, change.side);
  return {
    flowNo,
    modifyType: change.modify_type,
    side: change.side,
    supplierName: supplier.name,
    cards: cardsOf(change.modify_type, change.side),
    before,
    after,
    labels: await codeLabelsOf(db, [before, after], locale),
  };
}

/** get-supplier-status (staff) and current-supplier-status (portal): the open change, whether a new one may start. */
export async function changeSupplierStatus(db: Db, caller: ChangeCaller, supplierNo: string): Promise<ChangeSupplierStatus> {
  await requireSupplierAccess(db, caller, supplierNo);
  const open = await openChangeOf(db, supplierNo);
  const supplier = await db.selectFrom('supplier').select(['status', 'master']).where('supplier_no', '=', supplierNo).executeTakeFirstOrThrow();
  return {
    supplierNo,
    flowNo: open?.flow_no ?? null,
    status: open?.status ?? null,
    side: open?.side ?? null,
    canStart: !open && supplier.status === 10 && supplier.master !== null,
  };
}

/** get-supplier-data (staff), modify/master/detail (portal): the supplier and its current master with row ids. */
export async function changeSupplierData(db: Db, caller: ChangeCaller, supplierNo: string): Promise<ChangeSupplierData> {
  await requireSupplierAccess(db, caller, supplierNo);
  const master = await masterOf(db, supplierNo);
  return { supplierNo, supplierCode: master.code, supplierName: master.name, masterVersion: master.version, record: recordForSide(master.record, caller.side) };
}

/** GET supplier-info/search-supplier: the account's own suppliers (name or code containing the text). */
export async function portalSupplierOptions(db: Db, caller: Extract<ChangeCaller, { side: 'supplier' }>, text: string | undefined) {
  const own = await portalSupplierNos(db, caller.portal);
  if (!own.length) return [];
  const rows = await db.selectFrom('supplier').select(['supplier_no', 'supplier_code', 'name']).where('supplier_no', 'in', own).orderBy('supplier_code').execute();
  const t = text?.toLowerCase();
  return rows
    .filter((r) => !t || r.name.toLowerCase().includes(t) || r.supplier_code.toLowerCase().includes(t))
    .map((r) => ({ supplierNo: r.supplier_no, supplierCode: r.supplier_code, supplierName: r.name }));
}

const categoryCache = ttlCachePer<ChangeSupplierCategory[]>(LOOKUP_TTL_MS);

/** current-supplier-category / get-supplier-category (req change §7.1, cached 60 s): the supplier's accessed categories. */
export async function changeSupplierCategories(db: Db, caller: ChangeCaller, supplierNo: string, locale: Locale): Promise<ChangeSupplierCategory[]> {
  await requireSupplierAccess(db, caller, supplierNo);
  return categoryCache(db).get(`${supplierNo}:${locale}`, async () => {
    const rows = await db
      .selectFrom('supplier_category as sc')
      .innerJoin('category as c', 'c.code', 'sc.category_code')
      .select(['sc.category_code', 'c.name_zh', 'c.name_en'])
      .where('sc.supplier_no', '=', supplierNo)
      .where('sc.status', '=', SUPPLIER_CATEGORY_STATUS.ACCESSED)
      .orderBy('sc.category_code')
      .execute();
    return rows.map((r) => ({ categoryCode: r.category_code, categoryName: locale === 'en' ? r.name_en : r.name_zh }));
  });
}

/** GET modify/record: the supplier's change records, newest first (the portal's own side). */
export async function changeRecords(db: Db, caller: ChangeCaller, supplierNo: string): Promise<ChangeRow[]> {
  await requireSupplierAccess(db, caller, supplierNo);
  let q = changesQuery(db).where('c.supplier_no', '=', supplierNo);
  if (caller.side === 'supplier') q = q.where('c.side', '=', 'supplier');
  const rows = await q.selectAll('c').select(['s.supplier_code', 's.name as supplier_name']).orderBy('c.created_at', 'desc').limit(100).execute();
  return rows.map((r) => rowOf(r, caller));
}

const PURCHASE_CONFIG_CODES: readonly string[] = Object.values(ERP_DICT_TYPES);

/** GET get-purchase-config?code=: the options of one of the purchase card's ERP code lists (staff only). */
export async function purchaseConfig(db: Db, code: string, locale: Locale): Promise<DictItem[]> {
  if (!PURCHASE_CONFIG_CODES.includes(code)) throw badRequest('invalidInput', { code: 'invalidValue' });
  return listDictionary(db, code, locale);
}

/** GET get-sap-purchase-group_info?supplierNo=: the purchasing organisations in effect and the master's purchase-group rows (staff only). */
export async function sapPurchaseGroupInfo(db: Db, caller: ChangeCaller, supplierNo: string) {
  await requireSupplierAccess(db, caller, supplierNo);
  const master = await masterOf(db, supplierNo);
  return { supplierNo, effectivePurchaseOrgs: effectivePurchaseOrgsOf(master.record), purchaseGroupList: master.record.purchaseGroupList };
}
