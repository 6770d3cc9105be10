import type { DbOrTrx } from '#db/connection.ts';
import { APPROVAL_STATUS, CODE_STATUS, type ApprovalStatus, type CodeStatus } from '#domain/cert-flow/evaluation.ts';

export interface EvaluationState {
  highPotential: ApprovalStatus;
  supplierCode: CodeStatus;
  /** The life cycle the flow's categories get on admission (1 once high potential is approved). */
  lifeCycle: number;
}

/**
 * Where a flow's two applications stand (req flow §4.4): the KCP2 completion rule, the supplier-code
 * button and the KCP2 screen all read it here. No row means not started.
 */
export async function evaluationState(db: DbOrTrx, flowNo: string): Promise<EvaluationState> {
  const row = await db
    .selectFrom('cert_flow as f')
    .leftJoin('high_potential_application as h', 'h.flow_no', 'f.flow_no')
    .leftJoin('supplier_release as r', 'r.flow_no', 'f.flow_no')
    .select(['f.life_cycle', 'h.status as hp_status', 'r.status as release_status'])
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
  return {
    highPotential: (row?.hp_status ?? APPROVAL_STATUS.NOTSTART) as ApprovalStatus,
    supplierCode: (row?.release_status ?? CODE_STATUS.NOTSTART) as CodeStatus,
    lifeCycle: row?.life_cycle ?? 0,
  };
}
