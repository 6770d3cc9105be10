import type { Transaction } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { todoAssignedMail } from '#adapters/mail/templates.ts';
import { formatWireDateTime, parseWireDateTime } from '#domain/date-time.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { hasEnded } from '#domain/cert-flow/rules.ts';
import { todoTaskNo } from '#domain/cert-flow/tasks.ts';
import {
  HIGH_POTENTIAL_TODO_TYPE,
  isOverdue,
  todoListIssues,
  type FinishTodoRequest,
  type TodoRow,
  type TodoSource,
  type TodoView,
} from '#domain/cert-flow/todos.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { badRequest, conflict, forbidden, notFound } from '#domain/errors.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { FlowGateway } from './flow-gateway.ts';

/**
 * The to-do lists (flow_todo) and the task each to-do is for its principal (cert_task, type TODO,
 * node KCP2): the one writer of both. A list is written inside its form's transaction; the mails and
 * the workflow's signal follow the commit.
 */

/** A list as the screens show it to `viewer`; `flowEnded` closes every to-do to the done button. */
export async function loadTodos(
  db: DbOrTrx,
  q: { flowNo: string; source: TodoSource; viewer: StaffPrincipal; flowEnded: boolean },
  now = new Date(),
): Promise<TodoView[]> {
  const rows = await db.selectFrom('flow_todo').selectAll().where('flow_no', '=', q.flowNo).where('source', '=', q.source).orderBy('seq').execute();
  return rows.map((r) => {
    const closeDate = new Date(r.close_date);
    const done = r.done_at !== null;
    return {
      seq: r.seq,
      todoName: r.todo_name,
      todoDesc: r.todo_desc,
      principalId: r.principal_job_number,
      principalName: r.principal_name,
      closeDate: formatWireDateTime(closeDate),
      todoType: q.source === 'HIGH_POTENTIAL' ? HIGH_POTENTIAL_TODO_TYPE : null,
      taskNo: r.task_no,
      done,
      doneTime: r.done_at ? new Date(r.done_at).toISOString() : null,
      overdue: isOverdue(closeDate, done, now),
      canFinish: !done && !q.flowEnded && r.principal_job_number === q.viewer.jobNumber,
    };
  });
}

/**
 * Replaces a list, inside the transaction of the form it belongs to (which holds the node's lock):
 * a to-do keeps its row and task by seq, a new one gets the next seq never used in the list, a
 * removed one is deleted and its task closed. Refuses (400, nothing written) what `todoListIssues`
 * refuses and principals who are not active staff; the principal's name is the staff table's.
 */
export async function writeTodoList(
  trx: Transaction<Database>,
  input: { flowNo: string; source: TodoSource; field: string; rows: readonly TodoRow[] },
  now = new Date(),
): Promise<void> {
  const { flowNo, source, field, rows } = input;
  const saved = await trx.selectFrom('flow_todo').selectAll().where('flow_no', '=', flowNo).where('source', '=', source).forUpdate().execute();
  const savedViews = saved.map((s) => ({
    seq: s.seq,
    todoName: s.todo_name,
    todoDesc: s.todo_desc,
    principalId: s.principal_job_number,
    closeDate: formatWireDateTime(new Date(s.close_date)),
    done: s.done_at !== null,
  }));
  const issues = todoListIssues(field, rows, savedViews, now);
  const jobNumbers = [...new Set(rows.map((r) => r.principalId))];
  const staff = jobNumbers.length
    ? await trx.selectFrom('staff').select(['job_number', 'name']).where('job_number', 'in', jobNumbers).where('active', '=', true).execute()
    : [];
  const nameOf = new Map(staff.map((s) => [s.job_number, s.name]));
  rows.forEach((r, i) => {
    if (!nameOf.has(r.principalId)) issues[`${field}.${i}.principalId`] ??= 'unknownStaff';
  });
  if (Object.keys(issues).length) throw badRequest('invalidInput', issues);

  let nextSeq = (await highestSeqEver(trx, flowNo, source)) + 1;
  const kept = new Set<number>();
  for (const r of rows) {
    const seq = r.seq ?? nextSeq++;
    kept.add(seq);
    const before = saved.find((s) => s.seq === seq);
    const taskNo = todoTaskNo(flowNo, source, seq);
    const closeDate = parseWireDateTime(r.closeDate)!;
    const principalName = nameOf.get(r.principalId)!;
    const values = {
      todo_name: r.todoName,
      todo_desc: r.todoDesc ?? null,
      principal_job_number: r.principalId,
      principal_name: principalName,
      close_date: closeDate,
      task_no: taskNo,
      // A new principal or close date is a new reminder to send (the workflow times it).
      ...(before && (before.principal_job_number !== r.principalId || new Date(before.close_date).getTime() !== closeDate.getTime()) ? { reminded_at: null } : {}),
      updated_at: now,
    };
    await trx
      .insertInto('flow_todo')
      .values({ flow_no: flowNo, source, seq, ...values })
      .onConflict((oc) => oc.columns(['flow_no', 'source', 'seq']).doUpdateSet(values))
      .execute();
    const task = {
      task_name: r.todoName,
      principal_job_number: r.principalId,
      end_time: closeDate,
      status: before?.done_at ? TASK_STATUS.FINISHED : TASK_STATUS.IN_PROGRESS,
      updated_at: now,
    };
    await trx
      .insertInto('cert_task')
      .values({ task_no: taskNo, flow_no: flowNo, node_code: 'KCP2', task_type: 'TODO', apply_no: null, ...task })
      .onConflict((oc) => oc.column('task_no').doUpdateSet(task))
      .execute();
  }
  const removed = saved.filter((s) => !kept.has(s.seq)).map((s) => s.seq);
  if (removed.length) {
    await trx.deleteFrom('flow_todo').where('flow_no', '=', flowNo).where('source', '=', source).where('seq', 'in', removed).execute();
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: now })
      .where('task_no', 'in', removed.map((seq) => todoTaskNo(flowNo, source, seq)))
      .execute();
  }
}

/** The highest seq a list ever had: removed to-dos' tasks stay, so their numbers are never given again. */
async function highestSeqEver(trx: DbOrTrx, flowNo: string, source: TodoSource): Promise<number> {
  const prefix = todoTaskNo(flowNo, source, 0).slice(0, -1);
  const tasks = await trx.selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('task_type', '=', 'TODO').execute();
  return Math.max(0, ...tasks.filter((t) => t.task_no.startsWith(prefix)).map((t) => Number(t.task_no.slice(prefix.length)) || 0));
}

/**
 * After a list's commit: every open to-do's principal is told once (the mail's key names the to-do
 * and the person, so a repeated save sends nothing new and a new principal is told), then the
 * workflow is told to re-time its reminders.
 */
export async function announceTodos(deps: { db: Db; mailer: Mailer; publicUrl: string; flows: FlowGateway }, flowNo: string, source: TodoSource): Promise<void> {
  const { db } = deps;
  const open = await db
    .selectFrom('flow_todo as t')
    .innerJoin('cert_flow as f', 'f.flow_no', 't.flow_no')
    .innerJoin('staff as s', 's.job_number', 't.principal_job_number')
    .select(['t.seq', 't.todo_name', 't.todo_desc', 't.close_date', 't.principal_job_number', 's.email', 'f.supplier_name'])
    .where('t.flow_no', '=', flowNo)
    .where('t.source', '=', source)
    .where('t.done_at', 'is', null)
    .orderBy('t.seq')
    .execute();
  for (const t of open) {
    const taskNo = todoTaskNo(flowNo, source, t.seq);
    const mail = todoAssignedMail({
      todoName: t.todo_name,
      todoDesc: t.todo_desc,
      closeDate: formatWireDateTime(new Date(t.close_date)),
      flowNo,
      supplierName: t.supplier_name,
      link: `${deps.publicUrl}${flowDetailPath(flowNo, 'KCP2')}`,
      locale: 'zh',
    });
    await deps.mailer.send({ dedupeKey: `todo:${taskNo}:${t.principal_job_number}`, to: t.email, locale: 'zh', ...mail });
  }
  await deps.flows.signalTodosChanged(flowNo);
}

/**
 * POST /v1/supplier-assessment/finish-todo: the to-do's principal marks it done, which finishes its
 * task; allowed while the flow runs, after KCP2 too (a to-do outlives the meeting). Done twice is
 * done once.
 */
export async function finishTodo(deps: { db: Db; flows: FlowGateway }, input: FinishTodoRequest, staff: StaffPrincipal): Promise<void> {
  const { flowNo, source, seq } = input;
  const finished = await deps.db.transaction().execute(async (trx) => {
    const flow = await trx.selectFrom('cert_flow').select('stage').where('flow_no', '=', flowNo).executeTakeFirst();
    if (!flow) throw notFound('flowNotFound');
    const todo = await trx
      .selectFrom('flow_todo')
      .selectAll()
      .where('flow_no', '=', flowNo)
      .where('source', '=', source)
      .where('seq', '=', seq)
      .forUpdate()
      .executeTakeFirst();
    if (!todo) throw notFound('todoNotFound');
    if (hasEnded(flow)) throw conflict('flowEnded');
    if (todo.principal_job_number !== staff.jobNumber) throw forbidden('notTodoPrincipal');
    if (todo.done_at) return false;
    const now = new Date();
    const taskNo = todoTaskNo(flowNo, source, seq);
    await trx.updateTable('flow_todo').set({ done_at: now, updated_at: now }).where('flow_no', '=', flowNo).where('source', '=', source).where('seq', '=', seq).execute();
    await trx.updateTable('cert_task').set({ status: TASK_STATUS.FINISHED, updated_at: now }).where('task_no', '=', taskNo).execute();
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'FINISH_TODO',
      description: `待办已完成：${todo.todo_name}`,
      detail: { source, seq, todoName: todo.todo_name },
    });
    return true;
  });
  // A done to-do needs no reminder any more.
  if (finished) await deps.flows.signalTodosChanged(flowNo);
}
