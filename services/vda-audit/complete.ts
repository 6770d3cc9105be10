import type { Db } from '#db/connection.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { conflict } from '#domain/errors.ts';
import { completeNode, type CheckedNode } from '#services/cert-flow/node-work.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { figuresOf, loadAudit } from './rows.ts';

/**
 * POST /v1/vda-audit/complete (req flow §10.3): once every element is handed in, the node's principal completes it;
 * the overall figure and the grade with its rule are recorded on the audit and in the flow's history. The grade is
 * the committee's to weigh at KCP2 with the open action items, as the experts' conclusions are without the standard:
 * the node passes (docs/decisions/0058-industry-standards.md).
 */
export async function completeVdaAudit(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = node;
  const loaded = await loadAudit(deps.db, flowNo);
  if (loaded.elements.some((e) => !e.submitted)) throw conflict('vdaNotAllSubmitted');
  const { grade, overall } = figuresOf(loaded);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('vda_audit')
      .set({ grade: grade?.grade ?? null, grade_rule: grade?.rule ?? null, grade_subject: grade?.subject ?? null, overall: overall.percent, completed_at: new Date() })
      .where('flow_no', '=', flowNo)
      .execute();
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'VDA_AUDIT_GRADED',
      description: `VDA 6.3 过程审核：总符合率 ${overall.percent}%，等级 ${grade?.grade ?? '-'}`,
      detail: { nodeCode: 'SYSTEM_CERT', overall: overall.percent, grade: grade?.grade, rule: grade?.rule, subject: grade?.subject },
    });
  });
  await completeNode(deps, { flowNo, nodeCode: 'SYSTEM_CERT', actor: actorOf(staff), outcome: 'pass' });
}
