import type { Db } from '#db/connection.ts';

/**
 * What a node left behind: its principal tasks, their mails, and the node's open/close log rows. A step
 * done twice (a worker killed mid-step, a run reset) shows here as a count above 1.
 */
export async function nodeTraces(db: Db, flowNo: string, nodeCode: string) {
  const tasks = await db.selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).where('task_type', '=', 'NODE_PRINCIPAL').execute();
  const mails = tasks.length
    ? await db.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `task:${tasks[0].task_no}%`).execute()
    : [];
  const opened = await db.selectFrom('operation_history').select('id').where('dedupe_key', '=', `open:${flowNo}:${nodeCode}`).execute();
  const closed = await db.selectFrom('operation_history').select('id').where('dedupe_key', '=', `close:${flowNo}:${nodeCode}`).execute();
  return { tasks: tasks.length, mails: mails.length, opened: opened.length, closed: closed.length };
}
