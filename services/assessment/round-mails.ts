import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { reviewEscalationMail, reviewReminderMail, reviewTasksMail } from '#adapters/mail/assessment-mails.ts';
import { REVIEW_STATUS, reviewWorkPath, summaryPath, type RoundReminderKind } from '#domain/assessment/round.ts';
import { SYSTEM_ACTOR } from '#domain/identity.ts';
import { mailLocale } from '#services/rfi/fresh-code.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { planLogOf } from './plan-access.ts';

export interface RoundMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** Open (or all) review tasks of a plan counted per holder, with the holder's mail address and language. */
async function tasksPerHolder(db: Db, planNo: string, openOnly: boolean) {
  let q = db
    .selectFrom('perf_review_task as t')
    .leftJoin('staff as s', 's.job_number', 't.reviewer_job_number')
    .select((eb) => ['t.reviewer_job_number as jobNumber', 't.reviewer_name as name', 's.email', 's.locale', eb.fn.countAll<number>().as('n')])
    .where('t.plan_no', '=', planNo)
    .groupBy(['t.reviewer_job_number', 't.reviewer_name', 's.email', 's.locale'])
    .orderBy('t.reviewer_job_number');
  if (openOnly) q = q.where('t.status', '!=', REVIEW_STATUS.FINISHED);
  return q.execute();
}

const planOf = (db: Db, planNo: string) =>
  db
    .selectFrom('perf_plan as p')
    .leftJoin('staff as o', 'o.job_number', 'p.owner_job_number')
    .select(['p.name', 'p.deadline', 'o.email as owner_email', 'o.locale as owner_locale'])
    .where('p.plan_no', '=', planNo)
    .executeTakeFirstOrThrow();

/** The round opened: each reviewer is mailed once, in their language, with the number of their tasks. */
export async function mailReviewers(deps: RoundMailDeps, planNo: string): Promise<void> {
  const plan = await planOf(deps.db, planNo);
  for (const r of await tasksPerHolder(deps.db, planNo, false)) {
    if (!r.email) continue;
    const locale = mailLocale(r.locale ?? '', 'zh');
    const mail = reviewTasksMail({ planNo, planName: plan.name, tasks: Number(r.n), deadline: new Date(plan.deadline), link: `${deps.publicUrl}${reviewWorkPath(planNo)}`, locale });
    await deps.mailer.send({ dedupeKey: `assessment-review:${planNo}:${r.jobNumber}`, to: r.email, locale, ...mail });
  }
}

/**
 * A reminder moment of the round (its workflow's timer): DUE_SOON mails each reviewer who still has open
 * reviews; OVERDUE mails the owner who is late and with how many. Mails go under keys of the plan and the
 * moment, so a retried activity sends none twice; the log row is written once under the same key.
 */
export async function remindRound(deps: RoundMailDeps, input: { planNo: string; kind: RoundReminderKind }): Promise<void> {
  const { planNo, kind } = input;
  const plan = await planOf(deps.db, planNo);
  const late = await tasksPerHolder(deps.db, planNo, true);
  if (!late.length) return;
  if (kind === 'DUE_SOON') {
    for (const r of late) {
      if (!r.email) continue;
      const locale = mailLocale(r.locale ?? '', 'zh');
      const mail = reviewReminderMail({ planNo, planName: plan.name, open: Number(r.n), deadline: new Date(plan.deadline), link: `${deps.publicUrl}${reviewWorkPath(planNo)}`, locale });
      await deps.mailer.send({ dedupeKey: `assessment-reminder:${planNo}:${r.jobNumber}`, to: r.email, locale, ...mail });
    }
  } else if (plan.owner_email) {
    const locale = mailLocale(plan.owner_locale ?? '', 'zh');
    const mail = reviewEscalationMail({ planNo, planName: plan.name, late: late.map((r) => ({ name: r.name, open: Number(r.n) })), link: `${deps.publicUrl}${summaryPath(planNo)}`, locale });
    await deps.mailer.send({ dedupeKey: `assessment-escalation:${planNo}`, to: plan.owner_email, locale, ...mail });
  }
  const open = late.reduce((n, r) => n + Number(r.n), 0);
  await writeHistory(deps.db, {
    relation: planLogOf(planNo),
    dedupeKey: `assessment-${kind}:${planNo}`,
    actor: SYSTEM_ACTOR,
    action: kind === 'DUE_SOON' ? 'PERF_ROUND_REMINDED' : 'PERF_ROUND_ESCALATED',
    description: kind === 'DUE_SOON' ? `截止前提醒 ${late.length} 位评审人（${open} 个未提交）` : `评审逾期，已通知计划负责人（${open} 个未提交）`,
    detail: { reviewers: late.length, open },
  });
}
