import type { Db, DbOrTrx } from '#db/connection.ts';
import { LIFE_CYCLE, RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import type { ReleaseRuleContext } from '#domain/release/release-form.ts';
import { notFound } from '#domain/errors.ts';
import { releaseReferenceCodes } from './release-lookups.ts';

/** The flow facts the supplier-code application and the release form depend on. */
export interface ReleaseFlow {
  flowNo: string;
  /** 1 new registration, 2 expansion of an accepted supplier. */
  applyType: number;
  supplierNo: string | null;
  supplierCode: string | null;
  supplierName: string;
  creditCode: string | null;
  lifeCycle: number;
}

export async function loadReleaseFlow(db: DbOrTrx, flowNo: string): Promise<ReleaseFlow> {
  const f = await db
    .selectFrom('cert_flow')
    .select(['flow_no', 'apply_type', 'supplier_no', 'supplier_code', 'supplier_name', 'credit_code', 'life_cycle'])
    .where('flow_no', '=', flowNo)
    .executeTakeFirst();
  if (!f) throw notFound('flowNotFound');
  return {
    flowNo,
    applyType: f.apply_type,
    supplierNo: f.supplier_no,
    supplierCode: f.supplier_code,
    supplierName: f.supplier_name,
    creditCode: f.credit_code,
    lifeCycle: f.life_cycle,
  };
}

/**
 * The KCP2 conclusion as saved on the KCP2 node's form is the high-potential access entry of
 * kcp2_supplier_access_apply_status (extra.highPotential): then the high-potential application must be
 * approved before a code is applied for, and its conclusion files go with the release form.
 */
export async function kcp2HighPotential(db: DbOrTrx, flowNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('cert_node_form as n')
    .innerJoin('dict_entry as d', (j) => j.on('d.dict_type', '=', 'kcp2_supplier_access_apply_status').onRef('d.dict_key', '=', 'n.access_status'))
    .select('d.extra')
    .where('n.flow_no', '=', flowNo)
    .where('n.node_code', '=', 'KCP2')
    .executeTakeFirst();
  return row?.extra?.highPotential === true;
}

/**
 * Req flow §4.4 "the lifecycle is 0": the supplier's, not the flow's (which becomes 1 once high potential is
 * approved). A new registration's supplier is new: 0. An expansion's is the highest life cycle among the
 * supplier's categories of this flow it already holds (2 = eliminated: no new code for it).
 */
export async function supplierLifeCycle(db: DbOrTrx, flow: ReleaseFlow): Promise<number> {
  if (flow.applyType !== 2 || !flow.supplierNo) return LIFE_CYCLE.NORMAL;
  const categories = await db.selectFrom('cert_flow').select('category_list').where('flow_no', '=', flow.flowNo).executeTakeFirstOrThrow();
  const codes = categories.category_list.map((c) => c.code);
  if (!codes.length) return LIFE_CYCLE.NORMAL;
  const row = await db
    .selectFrom('supplier_category')
    .select((eb) => eb.fn.max('life_cycle').as('life_cycle'))
    .where('supplier_no', '=', flow.supplierNo)
    .where('category_code', 'in', codes)
    .executeTakeFirst();
  return row?.life_cycle ?? LIFE_CYCLE.NORMAL;
}

/**
 * The purchasing organisations already in effect for the supplier (req flow §5.12 '已生效的采购组织 {codes}
 * 必填!'): those of its released supplier masters — every approved release form of an earlier flow of
 * the same supplier. A new registration has none; the default organisations of
 * default_company_and_organization only pre-fill a new form.
 */
export async function effectivePurchaseOrgs(db: DbOrTrx, flow: ReleaseFlow): Promise<string[]> {
  if (!flow.supplierNo) return [];
  const rows = await db
    .selectFrom('supplier_release as r')
    .innerJoin('cert_flow as f', 'f.flow_no', 'r.flow_no')
    .select('r.form')
    .where('f.supplier_no', '=', flow.supplierNo)
    .where('r.flow_no', '<>', flow.flowNo)
    .where('r.status', '=', RELEASE_STATUS.APPROVED)
    .execute();
  const orgs = new Set<string>();
  for (const { form } of rows) {
    const groups = Array.isArray(form.purchaseGroupList) ? (form.purchaseGroupList as { purchaseGroupCodes?: unknown }[]) : [];
    for (const g of groups) for (const code of Array.isArray(g.purchaseGroupCodes) ? g.purchaseGroupCodes : []) if (typeof code === 'string') orgs.add(code);
  }
  return [...orgs].sort();
}

/** Everything the full rules need for this flow's form (domain ReleaseRuleContext). */
export async function releaseRuleContext(db: Db, flow: ReleaseFlow): Promise<Required<ReleaseRuleContext>> {
  const [highPotential, effective, reference] = await Promise.all([kcp2HighPotential(db, flow.flowNo), effectivePurchaseOrgs(db, flow), releaseReferenceCodes(db)]);
  return { highPotential, effectivePurchaseOrgs: effective, reference };
}
