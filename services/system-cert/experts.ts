import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { dimensionName, expertsLocked, missingExperts, type SaveExpertRequest } from '#domain/cert-flow/nodes/system-cert.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { badRequest, conflict, forbidden } from '#domain/errors.ts';
import { isPrincipal, lockNodeInProgress, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { itemState, loadItemRows } from './items.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { assignDimensionTask, mailDimensionTask, type DimensionTask } from '#services/cert-flow/dimension-tasks.ts';
import type { DimensionCode } from '#domain/cert-flow/dimensions.ts';

const scoreTask = (flowNo: string, indexCode: string): DimensionTask => ({ flowNo, taskType: 'SYSTEM_CERT_SCORE', dimension: indexCode as DimensionCode });

/** The experts are chosen by the node's principal, the purchasing manager. */
export const purchaseManagerOnly: NodeCaller = ({ node, staff }) => {
  if (!isPrincipal(node, staff)) throw forbidden('systemCertNotPurchaseManager');
};

/**
 * POST /v1/system-cert/save-expert (people step, req flow §4.8, §5.8): the purchasing manager — the
 * node's principal — assigns a review expert to each dimension; all of them unless the node is
 * optional. Experts are active staff, named from the staff table. Re-assigning stays possible until
 * the first score is submitted. Each expert gets a task per dimension, mailed once.
 */
export async function saveExperts(deps: { db: Db; mailer: Mailer; publicUrl: string }, node: CheckedNode, input: SaveExpertRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  // The flow's dimensions are its items (opened from its scenario version).
  const dimensions = (await loadItemRows(db, flowNo)).map((r) => r.index_code);
  const missing = missingExperts(input.items, node.optional, dimensions);
  if (missing.length) {
    const at = (code: string) => input.items.findIndex((i) => i.indexCode === code);
    throw badRequest('chooseAllExperts', Object.fromEntries(missing.map((code) => [at(code) < 0 ? 'items' : `items.${at(code)}.approveExpertId`, 'chooseAllExperts'])));
  }
  const jobNumbers = [...new Set(input.items.flatMap((i) => (i.approveExpertId ? [i.approveExpertId] : [])))];
  const people = jobNumbers.length
    ? await db.selectFrom('staff').select(['job_number', 'name', 'email']).where('job_number', 'in', jobNumbers).where('active', '=', true).execute()
    : [];
  const unknown = input.items.flatMap((i, at) =>
    i.approveExpertId && !people.some((p) => p.job_number === i.approveExpertId) ? [[`items.${at}.approveExpertId`, 'unknownStaff']] : [],
  );
  if (unknown.length) throw badRequest('invalidInput', Object.fromEntries(unknown));

  const assigned = new Map(input.items.map((i) => [i.indexCode, people.find((p) => p.job_number === i.approveExpertId) ?? null]));
  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'SYSTEM_CERT');
    const rows = await loadItemRows(trx, flowNo);
    if (expertsLocked(rows.map(itemState))) throw conflict('systemCertExpertsLocked');
    for (const row of rows) {
      const expert = assigned.get(row.index_code as never) ?? null;
      await trx
        .updateTable('system_cert_item')
        .set({ approve_expert_id: expert?.job_number ?? null, approve_expert_name: expert?.name ?? null, updated_at: new Date() })
        .where('flow_no', '=', flowNo)
        .where('index_code', '=', row.index_code)
        .execute();
      await assignDimensionTask(trx, scoreTask(flowNo, row.index_code), expert?.job_number ?? null);
    }
    // Each dimension's expert with the name, in row order: the change log renders it per language.
    const assignments = rows.map((r) => {
      const expert = assigned.get(r.index_code as never);
      return { indexCode: r.index_code, jobNumber: expert?.job_number ?? null, name: expert?.name ?? null };
    });
    const summary = assignments.map((a) => `${dimensionName(a.indexCode, 'zh')}：${a.jobNumber ? `${a.name}(${a.jobNumber})` : '—'}`);
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'SYSTEM_CERT_EXPERTS',
      description: `体系认证评审专家：${summary.join('，')}`,
      detail: { nodeCode: 'SYSTEM_CERT', experts: Object.fromEntries([...assigned].map(([code, p]) => [code, p?.job_number ?? null])), assignments },
    });
  });

  // After the commit: a mail per expert and dimension (the dedupe key makes a repeated save send nothing new).
  for (const item of input.items) {
    if (item.approveExpertId) await mailDimensionTask(deps, scoreTask(flowNo, item.indexCode), item.approveExpertId);
  }
}
