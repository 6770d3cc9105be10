import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Page } from '#domain/fields.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import {
  EXIT_DICT,
  exitEndActions,
  isRunningStage,
  type ExitCertFlowRow,
  type ExitDetail,
  type ExitHistoryRow,
  type ExitPageRequest,
  type ExitRow,
} from '#domain/supplier-exit/exit.ts';
import { containsPattern } from '#services/common/like.ts';
import { notFound } from '#domain/errors.ts';
import { isExitAdmin, loadExit } from './exit-rows.ts';

/** Labels of the exit dictionaries and of categories, in the caller's language. */
async function labels(db: Db, locale: Locale, categoryCodes: string[]) {
  const [dict, categories] = await Promise.all([
    db.selectFrom('dict_entry').select(['dict_type', 'dict_key', 'label_zh', 'label_en']).where('dict_type', 'in', [EXIT_DICT.category, EXIT_DICT.type]).execute(),
    categoryCodes.length
      ? db.selectFrom('category').select(['code', 'name_zh', 'name_en']).where('code', 'in', [...new Set(categoryCodes)]).execute()
      : Promise.resolve([]),
  ]);
  const pick = (r: { label_zh: string; label_en: string } | { name_zh: string; name_en: string }) =>
    'label_zh' in r ? (locale === 'en' ? r.label_en : r.label_zh) : locale === 'en' ? r.name_en : r.name_zh;
  return {
    exitCategory: (key: string | null) => (key ? ((d) => (d ? pick(d) : key))(dict.find((d) => d.dict_type === EXIT_DICT.category && d.dict_key === key)) : null),
    exitType: (key: string) => ((d) => (d ? pick(d) : key))(dict.find((d) => d.dict_type === EXIT_DICT.type && d.dict_key === key)),
    category: (code: string) => ((c) => (c ? pick(c) : code))(categories.find((c) => c.code === code)),
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * POST /v1/supplier-exit/page: exits newest first, by supplier name or code and status. Drafts are
 * their sponsor's own: others do not see them.
 */
export async function exitPage(db: Db, q: ExitPageRequest, staff: StaffPrincipal, locale: Locale): Promise<Page<ExitRow>> {
  let base = db
    .selectFrom('supplier_exit as e')
    .innerJoin('supplier as s', 's.supplier_no', 'e.supplier_no')
    .where((eb) => eb.or([eb('e.status', '!=', 'draft'), eb('e.sponsor_job_number', '=', staff.jobNumber)]));
  if (q.supplier) base = base.where(sql<string>`lower(s.name || ' ' || s.supplier_code || ' ' || e.flow_no)`, 'like', containsPattern(q.supplier.toLowerCase()));
  if (q.status) base = base.where('e.status', '=', q.status);
  const [rows, count] = await Promise.all([
    base
      .select(['e.flow_no', 'e.supplier_no', 's.supplier_code', 's.name', 'e.scope', 'e.category_codes', 'e.exit_category', 'e.status', 'e.sponsor_name', 'e.approver_name'])
      .select(['e.sponsor_job_number', 'e.decided_by_name'])
      .select(['e.created_at', 'e.submitted_at', 'e.finished_at'])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.flow_no', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const l = await labels(db, locale, rows.flatMap((r) => r.category_codes));
  const admin = isExitAdmin(staff);
  return {
    records: rows.map((r) => ({
      flowNo: r.flow_no,
      supplierNo: r.supplier_no,
      supplierCode: r.supplier_code,
      supplierName: r.name,
      exitScope: r.scope,
      categoryNames: r.category_codes.map(l.category),
      exitCategory: r.exit_category,
      exitCategoryName: l.exitCategory(r.exit_category),
      status: r.status,
      sponsor: r.sponsor_name,
      approver: r.approver_name,
      createdAt: iso(r.created_at)!,
      submittedAt: iso(r.submitted_at),
      finishedAt: iso(r.finished_at),
      actions: exitEndActions({ status: r.status, decided: !!r.decided_by_name }, { sponsor: r.sponsor_job_number === staff.jobNumber, admin }),
    })),
    total: Number(count.n),
  };
}

/** GET /v1/supplier-exit/detail: the exit with its labels, and what this caller may do with it now. */
export async function exitDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<ExitDetail> {
  const e = await loadExit(db, flowNo);
  const sponsor = e.sponsor_job_number === staff.jobNumber;
  // A draft is its sponsor's own until submitted.
  if (e.status === 'draft' && !sponsor) throw notFound('exitNotFound');
  const s = await db.selectFrom('supplier').select(['supplier_code', 'name']).where('supplier_no', '=', e.supplier_no).executeTakeFirstOrThrow();
  const lifeCycles = await db.selectFrom('supplier_category').select(['category_code', 'life_cycle']).where('supplier_no', '=', e.supplier_no).execute();
  const l = await labels(db, locale, e.category_codes);
  const admin = isExitAdmin(staff);
  const pending = e.status === 'submitted' && !e.decided_by_name;
  return {
    flowNo: e.flow_no,
    supplierNo: e.supplier_no,
    supplierCode: s.supplier_code,
    supplierName: s.name,
    exitScope: e.scope,
    categoryCodes: e.category_codes,
    categoryNames: e.category_codes.map(l.category),
    categoryList: e.category_codes.map((code) => ({
      categoryCode: code,
      categoryName: l.category(code),
      categoryLifeCycle: lifeCycles.find((c) => c.category_code === code)?.life_cycle ?? 0,
    })),
    exitCategory: e.exit_category,
    exitCategoryName: l.exitCategory(e.exit_category),
    exitTypes: e.exit_types,
    exitTypeNames: e.exit_types.map(l.exitType),
    reason: e.reason,
    documentList: e.documents,
    status: e.status,
    sponsor: e.sponsor_name,
    sponsorJobNumber: e.sponsor_job_number,
    approver: e.approver_name,
    approverJobNumber: e.approver_job_number,
    decidedBy: e.decided_by_name,
    decisionReason: e.decision_reason,
    erpMessage: e.erp_message,
    erpBlocked: e.erp_blocked_at !== null,
    createdAt: iso(e.created_at)!,
    submittedAt: iso(e.submitted_at),
    finishedAt: iso(e.finished_at),
    actions: {
      edit: sponsor && e.status === 'draft' && staff.permissions.includes(PERMISSIONS.supplierExitApply),
      submit: sponsor && e.status === 'draft' && staff.permissions.includes(PERMISSIONS.supplierExitApply),
      ...exitEndActions({ status: e.status, decided: !!e.decided_by_name }, { sponsor, admin }),
      decide: pending && !sponsor && (admin || e.approver_job_number === staff.jobNumber),
    },
  };
}

/** GET /v1/supplier-exit/history: the supplier's approved exits, newest first (req flow §3.19). */
export async function exitHistory(db: Db, supplierNo: string, locale: Locale): Promise<ExitHistoryRow[]> {
  const rows = await db.selectFrom('supplier_exit_history').selectAll().where('supplier_no', '=', supplierNo).orderBy('finish_time', 'desc').execute();
  const l = await labels(db, locale, rows.flatMap((r) => r.category_codes));
  return rows.map((r) => ({
    flowNo: r.flow_no,
    exitCategory: l.exitCategory(r.exit_category) ?? '',
    exitTypes: r.exit_types.map(l.exitType).join(locale === 'en' ? ', ' : '、'),
    finishTime: new Date(r.finish_time).toISOString(),
    sponsor: r.sponsor_name,
    categoryNames: r.category_codes.map(l.category),
  }));
}

/** GET /v1/supplier-exit/cert-flow: the supplier's certification flows, the running ones first. */
export async function exitCertFlows(db: Db, supplierNo: string): Promise<ExitCertFlowRow[]> {
  const rows = await db
    .selectFrom('cert_flow')
    .select(['flow_no', 'stage', 'current_node_code', 'category_list'])
    .where('supplier_no', '=', supplierNo)
    .orderBy('flow_no', 'desc')
    .execute();
  return rows
    .map((r) => ({
      flowNo: r.flow_no,
      stage: r.stage,
      currentNodeCode: r.current_node_code,
      running: isRunningStage(r.stage),
      categoryNames: r.category_list.map((c) => c.name),
    }))
    .sort((a, b) => Number(b.running) - Number(a.running));
}
