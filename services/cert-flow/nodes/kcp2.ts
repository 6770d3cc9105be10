import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { APPROVAL_STATUS, kcp2CompletionRefusal } from '#domain/cert-flow/evaluation.ts';
import { KCP2_CONCLUSION_DICT, type Kcp2CompleteRequest, type Kcp2Detail, type Kcp2SaveRequest } from '#domain/cert-flow/nodes/kcp2.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { approvalInfo } from '#services/approval/read.ts';
import { erpRefusalOf } from '#services/release/erp-refusal-task.ts';
import { loadRelease } from '#services/release/release-row.ts';
import { conflict } from '#domain/errors.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { evaluationState } from '../evaluation-state.ts';
import type { FlowGateway } from '../flow-gateway.ts';
import { completeNode, type CheckedNode } from '../node-work.ts';
import { isHighPotentialConclusion, supplierCodeAvailability } from '../supplier-code-availability.ts';
import { announceTodos, loadTodos, writeTodoList } from '../todos.ts';
import { conclusionPasses, nodeFormDetail, saveNodeForm } from './node-form.ts';

/**
 * The second-stage meeting conclusion (req flow §4.3, §4.4, §5.6, §7.7): the principal saves the
 * conclusion, attachments and to-do list (the to-dos become tasks at once) and completes the node
 * once the high-potential and supplier-code applications allow it.
 */

type Deps = { db: Db; flows: FlowGateway; mailer: Mailer; publicUrl: string };

/** GET /v1/supplier-assessment/task-detail; bpmUrl and bpmRemark are the high-potential approval's (services/approval/read.ts). */
export async function kcp2Detail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<Kcp2Detail> {
  const { node, description: _description, editable, ...form } = await nodeFormDetail(db, flowNo, 'KCP2', staff);
  const [code, release, approval, todoList] = await Promise.all([
    supplierCodeAvailability(db, flowNo),
    loadRelease(db, flowNo),
    approvalInfo(db, flowNo, 'HIGH_POTENTIAL', locale),
    loadTodos(db, { flowNo, source: 'KCP2', viewer: staff, flowEnded: node.flowEnded }),
  ]);
  return {
    ...form,
    nodeCode: 'KCP2',
    todoList,
    canEdit: editable,
    highPotentialRequired: code.highPotentialRequired,
    highPotentialStatus: code.state.highPotential,
    bpmUrl: approval.bpmUrl,
    bpmRemark: approval.bpmRemark,
    supplierCodeStatus: code.state.supplierCode,
    supplierCodeAvailable: code.available,
    requalification: code.requalification,
    erpRefusal: erpRefusalOf(release, locale),
  };
}

/** POST /v1/supplier-assessment/save: keeps the work; the to-dos go out to their principals. */
export async function saveKcp2(deps: Deps, node: CheckedNode, input: Kcp2SaveRequest, staff: StaffPrincipal): Promise<void> {
  await store(deps.db, node, input, staff, false);
  await announceTodos(deps, node.flowNo, 'KCP2');
}

/**
 * POST /v1/supplier-assessment/complete: refused (409, nothing written) while the high-potential
 * approval runs or the supplier-code application is open (req flow §4.4); otherwise saves and completes, with
 * outcome 'fail' when the conclusion's dictionary entry does not pass, which ends the flow (req flow §4.3).
 */
export async function completeKcp2(deps: Deps, node: CheckedNode, input: Kcp2CompleteRequest, staff: StaffPrincipal): Promise<void> {
  const refusal = kcp2CompletionRefusal(await evaluationState(deps.db, node.flowNo));
  if (refusal) throw conflict(refusal);
  const passes = await store(deps.db, node, input, staff, true);
  // A failing conclusion ends the flow and closes its tasks: nobody is told of to-dos that die with it.
  if (passes) await announceTodos(deps, node.flowNo, 'KCP2');
  await completeNode(deps, { flowNo: node.flowNo, nodeCode: 'KCP2', actor: actorOf(staff), outcome: passes ? 'pass' : 'fail', visit: node.visit });
}

/** Writes the form and its to-do list; answers whether the conclusion passes. */
async function store(db: Db, node: CheckedNode, input: Kcp2SaveRequest, staff: StaffPrincipal, submit: boolean): Promise<boolean> {
  const { flowNo } = node;
  const passes = input.accessStatus == null || (await conclusionPasses(db, KCP2_CONCLUSION_DICT, input.accessStatus));
  // Once the high-potential application is with the approvers or approved, its premise stays.
  const { highPotential } = await evaluationState(db, flowNo);
  if ((highPotential === APPROVAL_STATUS.INPROGRESS || highPotential === APPROVAL_STATUS.FINISHED) && !(await isHighPotentialConclusion(db, input.accessStatus))) {
    throw conflict('highPotentialConclusionLocked');
  }
  const documents = await requireStoredDocuments(db, { kind: 'staff', flowNo }, 'documentList', input.documentList);
  await saveNodeForm(db, {
    node,
    values: { accessStatus: input.accessStatus ?? null, documents },
    staff,
    submit,
    within: (trx) => writeTodoList(trx, { flowNo, source: 'KCP2', field: 'todoList', rows: input.todoList }),
  });
  return passes;
}
