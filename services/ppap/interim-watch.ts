import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { daysBetween, dueEvent, nextEventDay, type CertificateEvent } from '#domain/certificates/certificate.ts';
import { FOLLOW_UP_TASK_NAME, taskNo } from '#domain/cert-flow/tasks.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { wireDay } from '#domain/date-time.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';

/**
 * Interim PPAP approvals watched like certificates (req flow §11.4): the technical reviewer who granted one is reminded
 * 90, 30 and 7 days before its end (as far as it lasts), with a task and a mail; the day after its end the part's
 * approval lapses (status LAPSED, history row, task). Each event is recorded once (ppap_interim_event), so a retried
 * pass does nothing twice. Called from the certificate watch's look; answers the day of the next event.
 */
export async function runDueInterimApprovals(deps: { db: Db; mailer: Mailer; publicUrl: string }, now: Date): Promise<{ handled: number; nextDay: string | null }> {
  const today = wireDay(now);
  const rows = await deps.db
    .selectFrom('ppap_submission as p')
    .innerJoin('cert_flow as f', 'f.flow_no', 'p.flow_no')
    .leftJoin('ppap_interim_event as e', 'e.flow_no', 'p.flow_no')
    .select(['p.flow_no', 'p.interim_until', 'p.decided_by', 'f.supplier_name', (eb) => eb.fn.agg<string[] | null>('array_agg', ['e.event']).as('events')])
    .where('p.approval_status', '=', 'INTERIM')
    .groupBy(['p.flow_no', 'p.interim_until', 'p.decided_by', 'f.supplier_name'])
    .execute();
  let handled = 0;
  let next: string | null = null;
  for (const r of rows) {
    const until = r.interim_until!;
    const recorded = (r.events ?? []).filter(Boolean) as CertificateEvent[];
    const event = dueEvent(until, today, recorded);
    if (event && (await record(deps, { flowNo: r.flow_no, until, reviewer: r.decided_by, supplierName: r.supplier_name }, event, today))) handled++;
    if (event !== 'expired' && daysBetween(today, until) >= 0) {
      const day = nextEventDay(until, today);
      if (next === null || day < next) next = day;
    }
  }
  return { handled, nextDay: next };
}

async function record(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  s: { flowNo: string; until: string; reviewer: string | null; supplierName: string },
  event: CertificateEvent,
  today: string,
): Promise<boolean> {
  const ended = event === 'expired';
  const type = ended ? 'PPAP_INTERIM_LAPSED' : 'PPAP_INTERIM_ENDING';
  const fresh = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('ppap_interim_event').values({ flow_no: s.flowNo, event, day: today }).onConflict((oc) => oc.doNothing()).returning('event').executeTakeFirst();
    if (!inserted) return false;
    if (ended) {
      await trx.updateTable('ppap_submission').set({ approval_status: 'LAPSED', updated_at: new Date() }).where('flow_no', '=', s.flowNo).where('approval_status', '=', 'INTERIM').execute();
      await writeHistory(trx, {
        relation: flowLogOf(s.flowNo),
        actor: { id: 'system', name: 'system' },
        action: 'PPAP_INTERIM_LAPSED',
        description: `PPAP 临时批准已于 ${s.until} 到期，零件批准失效`,
        detail: { nodeCode: 'SAMPLE_CERT', interimUntil: s.until },
        dedupeKey: `ppap-lapsed:${s.flowNo}`,
      });
    }
    if (s.reviewer) {
      await ensureTask(trx, { flowNo: s.flowNo, nodeCode: 'SAMPLE_CERT', taskType: type, taskName: FOLLOW_UP_TASK_NAME[type].zh, principalJobNumber: s.reviewer, taskNo: `${taskNo(s.flowNo, 'SAMPLE_CERT', type)}`, endTime: null });
    }
    return true;
  });
  if (fresh && s.reviewer) {
    await mailStaffTask(deps, {
      jobNumber: s.reviewer,
      dedupeKey: `ppap-interim:${s.flowNo}:${event}`,
      taskName: (locale) => `${FOLLOW_UP_TASK_NAME[type][locale]} (${s.until})`,
      flowNo: s.flowNo,
      supplierName: s.supplierName,
      path: flowDetailPath(s.flowNo, 'SAMPLE_CERT'),
    });
  }
  return fresh;
}
