import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { todoReminderMail } from '#adapters/mail/templates.ts';
import type { TodoToRemind } from '#domain/cert-flow/todo-reminders.ts';
import { describeHistory } from '#domain/history-text.ts';
import { SYSTEM_ACTOR } from '#domain/identity.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';

/**
 * The to-do reminders the certification workflow times (req flow §3.5, §3.6). The rows are the KCP2
 * part's (flow_todo); here they are only read and marked reminded.
 */

/** Open to-dos of the flow (both lists) not reminded yet. */
export async function todosToRemind(db: Db, flowNo: string): Promise<TodoToRemind[]> {
  const rows = await db
    .selectFrom('flow_todo')
    .select(['source', 'seq', 'close_date'])
    .where('flow_no', '=', flowNo)
    .where('done_at', 'is', null)
    .where('reminded_at', 'is', null)
    .orderBy('close_date')
    .execute();
  return rows.map((r) => ({ source: r.source, seq: r.seq, closeDate: new Date(r.close_date).getTime() }));
}

/**
 * Mails the principal and marks the to-do reminded — unless it was done, reminded or re-dated since
 * the workflow read it (the workflow reads again and re-times). The mail goes first under a derived
 * key, so a retry after a failed mark sends nothing twice and still marks.
 */
export async function remindTodo(deps: { db: Db; mailer: Mailer; publicUrl: string }, todo: TodoToRemind & { flowNo: string }): Promise<void> {
  const { db } = deps;
  const closeDate = new Date(todo.closeDate);
  const row = await db
    .selectFrom('flow_todo as t')
    .innerJoin('cert_flow as f', 'f.flow_no', 't.flow_no')
    .leftJoin('staff as s', 's.job_number', 't.principal_job_number')
    .select(['t.todo_name', 't.principal_name', 't.close_date', 't.done_at', 't.reminded_at', 'f.supplier_name', 's.email'])
    .where('t.flow_no', '=', todo.flowNo)
    .where('t.source', '=', todo.source)
    .where('t.seq', '=', todo.seq)
    .executeTakeFirst();
  if (!row || row.done_at || row.reminded_at || new Date(row.close_date).getTime() !== todo.closeDate) return;
  if (row.email) {
    const mail = todoReminderMail({
      todoName: row.todo_name,
      closeDate,
      flowNo: todo.flowNo,
      supplierName: row.supplier_name,
      link: `${deps.publicUrl}${flowDetailPath(todo.flowNo)}`,
      locale: 'zh',
    });
    await deps.mailer.send({ dedupeKey: `todo-reminder:${todo.flowNo}:${todo.source}:${todo.seq}:${todo.closeDate}`, to: row.email, locale: 'zh', ...mail });
  }
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('flow_todo')
      .set({ reminded_at: new Date() })
      .where('flow_no', '=', todo.flowNo)
      .where('source', '=', todo.source)
      .where('seq', '=', todo.seq)
      .where('done_at', 'is', null)
      .where('reminded_at', 'is', null)
      .executeTakeFirst();
    if (!marked.numUpdatedRows) return;
    const detail = { source: todo.source, seq: todo.seq, todoName: row.todo_name, principalName: row.principal_name };
    await writeHistory(trx, {
      relation: flowLogOf(todo.flowNo),
      dedupeKey: `todo-reminder:${todo.flowNo}:${todo.source}:${todo.seq}:${todo.closeDate}`,
      actor: SYSTEM_ACTOR,
      action: 'TODO_REMINDED',
      description: describeHistory('TODO_REMINDED', detail, 'zh', 'TODO_REMINDED'),
      detail,
    });
  });
}
