import type { DbOrTrx } from '#db/connection.ts';
import { REVIEW_STATUS, type RoundPhase } from '#domain/assessment/round.ts';
import type { RoundPlan } from './plan-access.ts';

/**
 * The round's phase as the screens show it, from the plan's status (docs "Supplier performance") and its tasks:
 * running with open tasks is reviewing, running with none (or calculated) is summarizing, an approving plan with
 * an approved round is publishing. A draft or cancelled plan has no round.
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
      const open = await db
        .selectFrom('perf_review_task')
        .select('task_no')
        .where('plan_no', '=', plan.planNo)
        .where('status', '!=', REVIEW_STATUS.FINISHED)
        .limit(1)
        .executeTakeFirst();
      return open ? 'reviewing' : 'summarizing';
    }
  }
}
