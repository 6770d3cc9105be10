import type { DbOrTrx } from '#db/connection.ts';
import { REVIEW_STATUS, type RoundPhase } from '#domain/assessment/round.ts';
import type { RoundPlan } from './plan-access.ts';

/**
 * The round's phase as the screens show it, from the plan's status (docs "Supplier performance") and its tasks:
 * running with open tasks is reviewing, and so is running before the round's workflow has opened any (a plan
 * just started must not offer the calculation); running with every task finished (or calculated) is summarizing,
 * an approving plan with an approved round is publishing. A draft or cancelled plan has no round.
 */
export async function roundPhase(db: DbOrTrx, plan: RoundPlan): Promise<RoundPhase | null> {
  switch (plan.status) {
    case 'draft':
    case 'cancelled':
      return null;
    case 'calculated':
      return 'summarizing';
    case 'concluded':
      return 'concluded';
    case 'approving': {
      const approved = await db.selectFrom('perf_round_approval').select('round').where('plan_no', '=', plan.planNo).where('decision', '=', 'approve').executeTakeFirst();
      return approved ? 'publishing' : 'approving';
    }
    case 'running': {
      const tasks = await db
        .selectFrom('perf_review_task')
        .select((eb) => [eb.fn.countAll<string>().as('all'), eb.fn.count<string>('task_no').filterWhere('status', '!=', REVIEW_STATUS.FINISHED).as('open')])
        .where('plan_no', '=', plan.planNo)
        .executeTakeFirstOrThrow();
      return Number(tasks.all) === 0 || Number(tasks.open) > 0 ? 'reviewing' : 'summarizing';
    }
  }
}
