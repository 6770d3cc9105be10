import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { nodeDueReminderMail } from '#adapters/mail/templates.ts';
import { TASK_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { NodeDueReminderKind } from '#domain/cert-flow/node-due-reminders.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import { FOLLOW_UP_TASK_NAME, taskNo as taskNoOf } from '#domain/cert-flow/tasks.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { flowRoleHolder } from './roles.ts';
import { ensureTask } from './projection.ts';
import { describeHistory } from '#domain/history-text.ts';
import { mailLocale } from '#services/rfi/fresh-code.ts';
import { SYSTEM_ACTOR } from '#domain/identity.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';

export interface NodeDueReminder {
  flowNo: string;
  nodeCode: NodeCode;
  /** The node's opening whose task is reminded (1 unless returned to). */
  visit: number;
  kind: NodeDueReminderKind;
  /** The task's due time as the workflow saw it (ISO). */
  endTime: string;
}

const MARK = { DUE_SOON: 'due_reminded_at', OVERDUE: 'overdue_reminded_at' } as const;

/**
 * Mails the node principal's reminder and marks it sent — unless the task was finished, re-dated or
 * already reminded since the workflow timed it. Like the to-do reminders (todo-reminders.ts): the mail
 * goes first under a derived key, then the mark and its change-log row, so a retried activity neither
 * loses nor repeats a mail. The mail is in the principal's language (that of their last login).
 */
export async function remindNodeDue(deps: { db: Db; mailer: Mailer; publicUrl: string }, input: NodeDueReminder): Promise<void> {
  const { db } = deps;
  const taskNo = taskNoOf(input.flowNo, input.nodeCode, 'NODE_PRINCIPAL', input.visit);
  const mark = MARK[input.kind];
  const row = await db
    .selectFrom('cert_task as t')
    .innerJoin('cert_flow as f', 'f.flow_no', 't.flow_no')
    .leftJoin('staff as s', 's.job_number', 't.principal_job_number')
    .select(['t.status', 't.end_time', `t.${mark} as reminded`, 't.principal_job_number', 'f.supplier_name', 's.email', 's.name', 's.locale'])
    .where('t.task_no', '=', taskNo)
    .executeTakeFirst();
  if (!row?.end_time || row.status !== TASK_STATUS.IN_PROGRESS || row.reminded) return;
  if (new Date(row.end_time).getTime() !== Date.parse(input.endTime)) return;
  const key = `node-due-reminder:${taskNo}:${input.kind}`;
  if (row.email) {
    const locale = mailLocale(row.locale ?? '', 'zh');
    const mail = nodeDueReminderMail({
      nodeName: NODE_TASK_NAME[input.nodeCode][locale],
      dueTime: new Date(row.end_time),
      overdue: input.kind === 'OVERDUE',
      flowNo: input.flowNo,
      supplierName: row.supplier_name,
      link: `${deps.publicUrl}${flowDetailPath(input.flowNo, input.nodeCode)}`,
      locale,
    });
    await deps.mailer.send({ dedupeKey: key, to: row.email, locale, ...mail });
  }
  // Before the mark: a retry after a lost escalation still finds the reminder unmarked and escalates.
  if (input.kind === 'OVERDUE') await escalateOverdueNode(deps, input, row.name ?? row.principal_job_number, row.supplier_name);
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('cert_task')
      .set({ [mark]: new Date() })
      .where('task_no', '=', taskNo)
      .where(mark, 'is', null)
      .executeTakeFirst();
    if (!marked.numUpdatedRows) return;
    const detail = { nodeCode: input.nodeCode, kind: input.kind, principalName: row.name ?? row.principal_job_number };
    await writeHistory(trx, {
      relation: flowLogOf(input.flowNo),
      dedupeKey: key,
      actor: SYSTEM_ACTOR,
      action: 'NODE_DUE_REMINDED',
      description: describeHistory('NODE_DUE_REMINDED', detail, 'zh', 'NODE_DUE_REMINDED'),
      detail,
    });
  });
}

/**
 * The node passed its time limit (docs/decisions/0056-node-time-limits.md): the flow's CMT leader gets a task to follow it
 * up and a mail, and the change log a line — once per node opening: the task number, the mail's key and the history
 * row's key derive from the principal's task, so a retried or repeated activity adds nothing. The task closes with the
 * node (every open task of a node closes when it does).
 */
async function escalateOverdueNode(deps: { db: Db; mailer: Mailer; publicUrl: string }, input: NodeDueReminder, principalName: string, supplierName: string): Promise<void> {
  const leader = await flowRoleHolder(deps.db, input.flowNo, 'CMT_LEADER');
  if (!leader) return;
  const escalationNo = taskNoOf(input.flowNo, input.nodeCode, 'NODE_OVERDUE', input.visit);
  const key = `node-escalation:${escalationNo}`;
  await ensureTask(deps.db, {
    taskNo: escalationNo,
    flowNo: input.flowNo,
    nodeCode: input.nodeCode,
    taskType: 'NODE_OVERDUE',
    taskName: FOLLOW_UP_TASK_NAME.NODE_OVERDUE.zh,
    principalJobNumber: leader.job_number,
    endTime: null,
  });
  await mailStaffTask(deps, {
    jobNumber: leader.job_number,
    dedupeKey: key,
    taskName: (locale) => `${FOLLOW_UP_TASK_NAME.NODE_OVERDUE[locale]}（${NODE_TASK_NAME[input.nodeCode][locale]}）`,
    flowNo: input.flowNo,
    supplierName,
    path: flowDetailPath(input.flowNo, input.nodeCode),
  });
  const detail = { nodeCode: input.nodeCode, leaderName: leader.name, principalName };
  await writeHistory(deps.db, {
    relation: flowLogOf(input.flowNo),
    dedupeKey: key,
    actor: SYSTEM_ACTOR,
    action: 'NODE_ESCALATED',
    description: describeHistory('NODE_ESCALATED', detail, 'zh', 'NODE_ESCALATED'),
    detail,
  });
}
