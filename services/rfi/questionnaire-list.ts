import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import type { Page } from '#domain/fields.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS, hasPermission } from '#domain/permissions.ts';
import type { RfiPageQuery, RfiPageRow } from '#domain/rfi/questionnaire-contract.ts';
import { takesPart } from '#services/cert-flow/participants.ts';
import { textContains } from '#services/cert-flow/supplier-name-search.ts';

/**
 * POST /v1/cert-rfi/page: the questionnaires of the flows the caller may open (a flow still in stage 10
 * only to its participants and administrators, as its progress page), newest first, by flow number or
 * supplier name.
 */
export async function listQuestionnaires(db: Db, q: RfiPageQuery, staff: StaffPrincipal): Promise<Page<RfiPageRow>> {
  let base = db.selectFrom('rfi_application as a').innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no');
  if (q.flowNo) base = base.where('a.flow_no', '=', q.flowNo);
  if (q.supplierName) base = base.where(textContains(sql.ref('f.supplier_name'), q.supplierName));
  if (!hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll)) {
    base = base.where((eb) => eb.or([eb('f.stage', '!=', STAGE.PREPARATION), takesPart(sql.ref('f.flow_no'), staff.jobNumber)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select(['a.apply_no', 'a.flow_no', 'f.supplier_name', 'a.status', 'a.current_step', 'a.submitted_at', 'a.created_at'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.apply_no', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      applyNo: r.apply_no,
      flowNo: r.flow_no,
      supplierName: r.supplier_name,
      status: r.status,
      currentStep: r.current_step,
      submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}
