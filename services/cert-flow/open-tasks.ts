import type { Db } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { MyOpenTask } from '#domain/cert-flow/flow-detail.ts';
import type { Locale } from '#domain/i18n.ts';

/** At most this many tasks on the dashboard card, newest first. */
export const MY_TASKS_LIMIT = 50;

/**
 * One kind of task on "my open tasks" (a flow's, an exit's, a change's, an assessment round's): the caller's
 * open tasks of that kind, at most the card's worth, newest first. Each kind starts from `openTasksOf`, joins
 * the object its tasks belong to, keeps the tasks that object still waits on, and reads them with `taskFields`.
 */
export type OpenTaskKind = (db: Db, jobNumber: string, locale: Locale, now: Date) => Promise<MyOpenTask[]>;

/**
 * The caller's tasks in progress, newest first (the task number breaks a tie as the merged list does), at
 * most the card's worth: so each kind's share holds every task of it the merged card can show.
 */
export const openTasksOf = (db: Db, jobNumber: string) =>
  db
    .selectFrom('cert_task as t')
    .where('t.principal_job_number', '=', jobNumber)
    .where('t.status', '=', TASK_STATUS.IN_PROGRESS)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.task_no', 'desc')
    .limit(MY_TASKS_LIMIT);

interface TaskRow {
  task_no: string;
  task_type: string;
  created_at: Date | string;
  /** Only kinds whose tasks have a deadline select it; the others are never overdue. */
  end_time?: Date | string | null;
}

/** The fields of a task that read the same for every kind. */
export function taskFields(r: TaskRow, now: Date): Pick<MyOpenTask, 'taskNo' | 'taskType' | 'createTime' | 'endTime' | 'overdue'> {
  const end = r.end_time ? new Date(r.end_time) : null;
  return {
    taskNo: r.task_no,
    taskType: r.task_type,
    createTime: new Date(r.created_at).toISOString(),
    endTime: end?.toISOString() ?? null,
    overdue: !!end && end.getTime() < now.getTime(),
  };
}
