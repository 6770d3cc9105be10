import type { StaffPrincipal } from '#domain/identity.ts';
import type { VdaExpertsRequest } from '#domain/vda63/audit.ts';
import { PER_STEP_ELEMENTS } from '#domain/vda63/catalogue.ts';
import { badRequest, conflict, forbidden } from '#domain/errors.ts';
import { isPrincipal, lockNodeInProgress, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { assignVdaTask, mailVdaTask } from './tasks.ts';

/** The experts are chosen by the node's principal, the purchasing manager. */
export const vdaPrincipalOnly: NodeCaller = ({ node, staff }) => {
  if (!isPrincipal(node, staff)) throw forbidden('vdaNotPurchaseManager');
};

/**
 * POST /v1/vda-audit/experts (req flow §10.2): an active staff member per element of the scope, and the process
 * steps P6 is evaluated in (at least one when P6 is audited). Changeable until the first element is handed in; each
 * expert gets a task per element, mailed once.
 */
export async function saveVdaExperts(deps: StaffTaskMailDeps, node: CheckedNode, input: VdaExpertsRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  const scope = await db.selectFrom('vda_audit_element').select('element').where('flow_no', '=', flowNo).execute();
  const issues: Record<string, string> = {};
  input.experts.forEach((x, i) => {
    if (!scope.some((s) => s.element === x.element)) issues[`experts.${i}.element`] = 'vdaElementOutOfScope';
  });
  scope.forEach((s) => {
    if (!input.experts.some((x) => x.element === s.element)) issues.experts = 'chooseAllExperts';
  });
  if (scope.some((s) => PER_STEP_ELEMENTS.includes(s.element as never)) && !input.steps.length) issues.steps = 'vdaStepsNeeded';
  const jobNumbers = [...new Set(input.experts.map((x) => x.jobNumber))];
  const people = jobNumbers.length ? await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', 'in', jobNumbers).where('active', '=', true).execute() : [];
  input.experts.forEach((x, i) => {
    if (!people.some((p) => p.job_number === x.jobNumber)) issues[`experts.${i}.jobNumber`] = 'unknownStaff';
  });
  if (Object.keys(issues).length) throw badRequest(issues.experts ?? 'invalidInput', issues);

  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'SYSTEM_CERT');
    const rows = await trx.selectFrom('vda_audit_element').select(['element', 'submitted']).where('flow_no', '=', flowNo).execute();
    if (rows.some((r) => r.submitted)) throw conflict('vdaExpertsLocked');
    for (const x of input.experts) {
      const person = people.find((p) => p.job_number === x.jobNumber)!;
      await trx
        .updateTable('vda_audit_element')
        .set({ expert_job_number: person.job_number, expert_name: person.name })
        .where('flow_no', '=', flowNo)
        .where('element', '=', x.element)
        .execute();
      await assignVdaTask(trx, flowNo, 'VDA_AUDIT_SCORE', x.element, person.job_number);
    }
    await trx.updateTable('vda_audit').set({ steps: JSON.stringify(input.steps) }).where('flow_no', '=', flowNo).execute();
    const summary = input.experts.map((x) => `${x.element}：${people.find((p) => p.job_number === x.jobNumber)!.name}(${x.jobNumber})`);
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'VDA_AUDIT_EXPERTS',
      description: `VDA 6.3 审核专家：${summary.join('，')}${input.steps.length ? `；工序：${input.steps.join('、')}` : ''}`,
      detail: { nodeCode: 'SYSTEM_CERT', experts: Object.fromEntries(input.experts.map((x) => [x.element, x.jobNumber])), steps: input.steps },
    });
  });
  for (const x of input.experts) await mailVdaTask(deps, flowNo, 'VDA_AUDIT_SCORE', x.element, x.jobNumber);
}
