import type { Transaction } from 'kysely';
import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';
import type { Database } from '#db/schema.ts';
import { NODE_REQUIRED, NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import { hasEnded } from '#domain/cert-flow/rules.ts';
import { actorOf, type StaffActor, type StaffPrincipal } from '#domain/identity.ts';
import { conflict, forbidden, notFound, ServiceError } from '#domain/errors.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import type { TaskRef } from './task-rows.ts';

/**
 * The object-level rules every node screen shares (req flow §4.2, §6): only the node in progress is
 * editable, and only by its task principal — the principal of the node's NODE_PRINCIPAL task — or
 * whom the write's own rule admits. Every node write is checked with `checkNodeWrite` before its
 * body is parsed; the workflow's validator stays the final authority.
 */

export interface NodeAtWork {
  flowNo: string;
  nodeCode: NodeCode;
  status: number;
  /** Which opening of the node this is: 2 and on after a return to it (KCP2 from PUBLICITY). */
  visit: number;
  optional: boolean;
  /** The flow was terminated, failed or finished: none of its nodes can be worked any more. */
  flowEnded: boolean;
  /** The open principal task, if the node has one (none while nobody holds the node's role). */
  task: TaskRef | undefined;
}

/**
 * The node with its newest principal task (latestTask's order), in one statement that every node write
 * starts with: compiled once and prepared.
 */
const nodeStatement = preparedStatement((db, v: { flowNo: string; nodeCode: NodeCode }) =>
  db
    .selectFrom('cert_flow_node as n')
    .innerJoin('cert_flow as f', 'f.flow_no', 'n.flow_no')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('cert_task as t')
          .select(['t.task_no', 't.principal_job_number'])
          .whereRef('t.flow_no', '=', 'n.flow_no')
          .whereRef('t.node_code', '=', 'n.node_code')
          .where('t.task_type', '=', 'NODE_PRINCIPAL')
          .orderBy('t.created_at', 'desc')
          .orderBy('t.task_no', 'desc')
          .limit(1)
          .as('t'),
      (join) => join.onTrue(),
    )
    .select(['n.status', 'n.visit', 'n.node_required', 'f.stage', 't.task_no', 't.principal_job_number'])
    .where('n.flow_no', '=', v.flowNo)
    .where('n.node_code', '=', v.nodeCode),
);

/** The node of a flow with its principal task; 404 for an unknown flow or a node not in its plan. */
export async function loadNode(db: Db, flowNo: string, nodeCode: NodeCode): Promise<NodeAtWork> {
  const {
    rows: [node],
  } = await nodeStatement(db, { flowNo, nodeCode });
  if (!node) throw notFound('flowNotFound');
  return {
    flowNo,
    nodeCode,
    status: node.status,
    visit: node.visit,
    optional: node.node_required === NODE_REQUIRED.OPTIONAL,
    flowEnded: hasEnded(node),
    task: node.task_no && node.principal_job_number ? { taskNo: node.task_no, principalJobNumber: node.principal_job_number } : undefined,
  };
}

export function isPrincipal(node: NodeAtWork, staff: StaffPrincipal | undefined): boolean {
  return !!staff && node.task?.principalJobNumber === staff.jobNumber;
}

/**
 * 409 unless the node is in progress: an ended flow says so first (req flow §4.2: nothing of it is
 * editable), then a finished node, which is also what a person sees who repeats a completion that
 * went through; an unreached node is "not in progress".
 */
export function requireInProgress(node: Pick<NodeAtWork, 'status' | 'flowEnded'>): void {
  if (node.flowEnded) throw conflict('flowEnded');
  if (node.status === NODE_STATUS.FINISHED) throw conflict('nodeFinished');
  if (node.status !== NODE_STATUS.IN_PROGRESS) throw conflict('nodeNotInProgress');
}

const lockNodeStatement = preparedStatement((db, v: { flowNo: string; nodeCode: NodeCode }) =>
  db
    .selectFrom('cert_flow_node as n')
    .innerJoin('cert_flow as f', 'f.flow_no', 'n.flow_no')
    .select(['n.status', 'f.stage'])
    .where('n.flow_no', '=', v.flowNo)
    .where('n.node_code', '=', v.nodeCode)
    .forUpdate('n'),
);

/**
 * Inside a write's transaction: locks the node's row and checks it is still in progress, so a write
 * racing the node's completion or the flow's end (the workflow's activities update the same row)
 * cannot land after it.
 */
export async function lockNodeInProgress(trx: Transaction<Database>, flowNo: string, nodeCode: NodeCode): Promise<void> {
  const {
    rows: [node],
  } = await lockNodeStatement(trx, { flowNo, nodeCode });
  if (!node) throw notFound('flowNotFound');
  requireInProgress({ status: node.status, flowEnded: hasEnded(node) });
}

/** 404 for an unknown flow, 409 'flowEnded' once it was terminated, failed or finished: for writes that are not a node's. */
export async function requireFlowRunning(db: Db, flowNo: string): Promise<void> {
  const flow = await db.selectFrom('cert_flow').select('stage').where('flow_no', '=', flowNo).executeTakeFirst();
  if (!flow) throw notFound('flowNotFound');
  if (hasEnded(flow)) throw conflict('flowEnded');
}

/** Who may write to a node in progress, checked once it is known to be in progress; `ref` names what is written. */
export type NodeCaller<R = unknown> = (check: { db: Db; node: NodeAtWork; staff: StaffPrincipal; ref: R }) => void | Promise<void>;

/** The rule of most node writes: the node's task principal (req flow §6). */
export const nodePrincipal: NodeCaller = ({ node, staff }) => {
  if (!isPrincipal(node, staff)) throw forbidden('notTaskPrincipal');
};

/** Writes to one row of a node (a self-inspection row): the service checks the row's owner with the row locked. */
export const rowOwnerInTransaction: NodeCaller = () => {};

declare const checked: unique symbol;
/** A node found in progress, with the caller admitted by the write's rule: what every node write takes. */
export type CheckedNode = NodeAtWork & { readonly [checked]: true };

/**
 * The check every node write starts with (req flow §4.2, §6): 404 for an unknown flow or node, 409 unless
 * in progress, then the caller's rule (403). The write itself locks the node again in its transaction.
 */
export async function checkNodeWrite<R>(
  db: Db,
  input: { flowNo: string; nodeCode: NodeCode; staff: StaffPrincipal; caller: NodeCaller<R>; ref: R },
): Promise<CheckedNode> {
  const node = await loadNode(db, input.flowNo, input.nodeCode);
  requireInProgress(node);
  await input.caller({ db, node, staff: input.staff, ref: input.ref });
  return node as CheckedNode;
}

/**
 * Asks the workflow to close the node and waits until the next node is open (its tasks exist) or the
 * flow has ended, so the caller's next read shows where the flow is. The update id is derived from
 * the node and its visit, so a repeated click or a retried request completes it once, and a node
 * opened again after a return (KCP2) can be completed again.
 */
export async function completeNode(
  deps: { db: Db; flows: FlowGateway },
  input: { flowNo: string; nodeCode: NodeCode; actor: StaffActor; outcome?: 'pass' | 'fail'; visit?: number },
): Promise<void> {
  const visit = input.visit ?? 1;
  // The write was checked against the node in progress in the database; the workflow may not have taken its opening in yet.
  const stillInProgress = async () => {
    const node = await loadNode(deps.db, input.flowNo, input.nodeCode);
    return node.status === NODE_STATUS.IN_PROGRESS && !node.flowEnded;
  };
  await deps.flows.completeNode(
    input.flowNo,
    { nodeCode: input.nodeCode, actor: input.actor, outcome: input.outcome ?? 'pass' },
    completionUpdateId(input.flowNo, input.nodeCode, visit),
    stillInProgress,
  );
}

/** The id of the update that completes a node's visit: one per opening of the node. */
function completionUpdateId(flowNo: string, nodeCode: NodeCode, visit: number): string {
  return `complete:${flowNo}:${nodeCode}${visit > 1 ? `:${visit}` : ''}`;
}

/**
 * For a write sent again with its request key after an attempt that ended without a recorded outcome,
 * meeting its node finished (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys"): the node, if its completion went through
 * in the engine — the attempt's update, applied after its answer was lost. Asked by the update's id before
 * the write is refused as on a finished node; the update's own failure throws (409), the engine
 * unreachable the 503 (the retry is tried again).
 */
export async function completedInEngine(deps: { db: Db; flows: FlowGateway }, flowNo: string, nodeCode: NodeCode): Promise<NodeAtWork | undefined> {
  const node = await loadNode(deps.db, flowNo, nodeCode);
  if (node.status !== NODE_STATUS.FINISHED) return undefined;
  const outcome = await deps.flows.updateOutcome(flowNo, completionUpdateId(flowNo, nodeCode, node.visit));
  return outcome === 'completed' ? node : undefined;
}

/** The refusal of a write that meets its node finished or its flow ended (`requireInProgress`). */
export function isFinishedRefusal(err: unknown): boolean {
  return err instanceof ServiceError && err.kind === 'conflict' && (err.message === 'nodeFinished' || err.message === 'flowEnded');
}

/** Optional nodes (nodeRequired 20) are completed directly by their principal, with no task work. */
export async function completeOptionalNode(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, staff: StaffPrincipal): Promise<void> {
  if (!node.optional) throw conflict('nodeNotOptional');
  await completeNode(deps, { flowNo: node.flowNo, nodeCode: node.nodeCode, actor: actorOf(staff) });
}
