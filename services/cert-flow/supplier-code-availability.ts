import type { DbOrTrx } from '#db/connection.ts';
import { LIFE_CYCLE, supplierCodeAvailable } from '#domain/cert-flow/evaluation.ts';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { KCP2_CONCLUSION_DICT } from '#domain/cert-flow/nodes/kcp2.ts';
import { evaluationState, type EvaluationState } from './evaluation-state.ts';

/** Whether a KCP2 conclusion is the high-potential one: its dictionary entry says so (extra.highPotential). */
export async function isHighPotentialConclusion(db: DbOrTrx, accessStatus: number | null | undefined): Promise<boolean> {
  if (accessStatus == null) return false;
  const entry = await db
    .selectFrom('dict_entry')
    .select('extra')
    .where('dict_type', '=', KCP2_CONCLUSION_DICT)
    .where('dict_key', '=', String(accessStatus))
    .executeTakeFirst();
  return entry?.extra?.highPotential === true;
}

/** The KCP2 conclusion as last saved (null before it is chosen). */
export async function savedKcp2Conclusion(db: DbOrTrx, flowNo: string): Promise<number | null> {
  const row = await db.selectFrom('cert_node_form').select('access_status').where('flow_no', '=', flowNo).where('node_code', '=', 'KCP2').executeTakeFirst();
  return row?.access_status == null ? null : Number(row.access_status);
}

export interface SupplierCodeAvailability {
  state: EvaluationState;
  /** The saved KCP2 conclusion is the high-potential one, so its application must be approved first. */
  highPotentialRequired: boolean;
  /** Req flow §4.4: the supplier-code button is enabled. */
  available: boolean;
  /** A requalification's KCP2 asks no approval: the supplier keeps its code. */
  requalification: boolean;
}

/**
 * The inputs of `supplierCodeAvailable`, read once for the KCP2 screen and the code application. The
 * supplier's life cycle: a new registration's supplier is in the normal one; an expansion's supplier is
 * eliminated when any of its accessed categories is (req flow §3.18), and then gets no new code.
 */
export async function supplierCodeAvailability(db: DbOrTrx, flowNo: string): Promise<SupplierCodeAvailability> {
  const [state, conclusion, flow] = await Promise.all([
    evaluationState(db, flowNo),
    savedKcp2Conclusion(db, flowNo),
    db.selectFrom('cert_flow').select(['supplier_no', 'apply_type']).where('flow_no', '=', flowNo).executeTakeFirst(),
  ]);
  const highPotentialRequired = await isHighPotentialConclusion(db, conclusion);
  const eliminated = flow?.supplier_no
    ? await db
        .selectFrom('supplier_category')
        .select('category_code')
        .where('supplier_no', '=', flow.supplier_no)
        .where('life_cycle', '=', LIFE_CYCLE.ELIMINATED)
        .executeTakeFirst()
    : undefined;
  const supplierLifeCycle = eliminated ? LIFE_CYCLE.ELIMINATED : LIFE_CYCLE.NORMAL;
  // A requalification keeps the supplier's code: it applies for none (docs/decisions/0055-requalification.md).
  const requalification = flow?.apply_type === APPLY_TYPE.REQUALIFY;
  return {
    state,
    highPotentialRequired,
    requalification,
    available: !requalification && supplierCodeAvailable({ highPotentialRequired, highPotential: state.highPotential, supplierLifeCycle }),
  };
}
