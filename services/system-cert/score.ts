import { AUDIT_TARGETS, conclusionScore, dimensionName, type SaveScoreRequest, type SystemCertItemRef } from '#domain/cert-flow/nodes/system-cert.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { forbidden, notFound } from '#domain/errors.ts';
import { lockNodeInProgress, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { closeDimensionTask } from '#services/cert-flow/dimension-tasks.ts';
import type { StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { mailSystemCertCloseTask, syncSystemCertCloseTask } from './close-task.ts';

/** Only the expert assigned to the item's dimension scores it (matched by job number); 404 for an unknown item. */
export const itemExpertOnly: NodeCaller<SystemCertItemRef> = async ({ db, node, staff, ref }) => {
  const row = await db
    .selectFrom('system_cert_item')
    .select('approve_expert_id')
    .where('flow_no', '=', node.flowNo)
    .where('index_code', '=', ref.indexCode)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.approve_expert_id !== staff.jobNumber) throw forbidden('systemCertNotYourItem');
};

/**
 * POST /v1/system-cert/save (score step, req flow §4.8, §5.8): the expert assigned to a dimension
 * (matched by job number) submits its target scores, risk, conclusion and materials; nobody else may
 * touch that item. The conclusion score is the mean of the target scores. The item is then marked
 * submitted; the expert may correct it until the node completes.
 */
export async function saveScore(deps: StaffTaskMailDeps, node: CheckedNode, input: SaveScoreRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  const documentList = await requireStoredDocuments(db, { kind: 'staff', flowNo }, 'documentList', input.documentList);
  const targets = AUDIT_TARGETS[input.indexCode].map((t) => ({ targetCode: t.code, score: input.targetList.find((s) => s.targetCode === t.code)!.score }));
  const score = conclusionScore(targets.map((t) => t.score));
  const completer = await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'SYSTEM_CERT');
    const now = new Date();
    const updated = await trx
      .updateTable('system_cert_item')
      .set({
        target_list: JSON.stringify(targets),
        risk_desc: input.riskDesc,
        expert_conclusion_status: input.expertConclusionStatus,
        expert_conclusion_score: score,
        document_list: JSON.stringify(documentList),
        submitted: true,
        submitted_at: now,
        updated_at: now,
      })
      .where('flow_no', '=', flowNo)
      .where('index_code', '=', input.indexCode)
      // Re-checked in the write: a concurrent re-assignment wins over a stale expert.
      .where('approve_expert_id', '=', staff.jobNumber)
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw forbidden('systemCertNotYourItem');
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'SYSTEM_CERT_SCORE',
      description: `提交体系认证评分：${dimensionName(input.indexCode, 'zh')} ${score}分`,
      detail: { nodeCode: 'SYSTEM_CERT', indexCode: input.indexCode, score, conclusion: input.expertConclusionStatus },
    });
    await closeDimensionTask(trx, { flowNo, taskType: 'SYSTEM_CERT_SCORE', dimension: input.indexCode });
    return syncSystemCertCloseTask(trx, flowNo);
  });
  if (completer) await mailSystemCertCloseTask(deps, flowNo, completer);
}
