import { z } from 'zod';
import { NODE_CODES, NODE_STAGE, type NodeCode } from './enums.ts';

/** One node of a flow's plan, snapshotted from its scenario when the flow starts (architecture §4). */
const nodePlanEntry = z.object({
  nodeCode: z.enum(NODE_CODES),
  stage: z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(40)]),
  nodeRequired: z.union([z.literal(10), z.literal(20)]),
  kcp: z.boolean(),
  /** Working days its principal has (the scenario's SLA); plans snapshotted before it have none. */
  dueDays: z.number().int().positive().optional(),
});
export type NodePlanEntry = z.infer<typeof nodePlanEntry>;
export const nodePlan = z.array(nodePlanEntry).min(2);

/** Working days the seeded plans give each node (START is done at once, PUBLICITY has its period). */
const SEED_DUE_DAYS: Partial<Record<NodeCode, number>> = { RFI: 10, SELF_INSPECTION: 10, SYSTEM_CERT: 15, SAMPLE_CERT: 20, CERT: 10 };

function node(nodeCode: NodeCode, opts: { optional?: boolean; kcp?: boolean } = {}): NodePlanEntry {
  const stage = NODE_STAGE[nodeCode];
  if (stage === 0 || stage === 90) throw new Error(`no stage for ${nodeCode}`);
  const dueDays = nodeCode === 'START' || nodeCode === 'PUBLICITY' ? {} : { dueDays: SEED_DUE_DAYS[nodeCode] ?? 5 };
  return { nodeCode, stage, nodeRequired: opts.optional ? 20 : 10, kcp: opts.kcp ?? false, ...dueDays };
}

/** The node plans the seeded scenarios ship with; scenario configuration may change them later. */
export const STANDARD_PLANS = {
  /** New supplier, full certification. */
  NEW_SUPPLIER: [
    node('START'),
    node('RFI'),
    node('APTITUDE'),
    node('KCP1', { kcp: true }),
    node('SELF_INSPECTION'),
    node('SYSTEM_CERT'),
    node('SAMPLE_CERT'),
    node('KCP2', { kcp: true }),
    node('PUBLICITY'),
    node('RELEASE'),
  ],
  /** Category expansion of an accepted supplier: no system audit, the self-inspection is optional. */
  CATEGORY_EXPANSION: [
    node('START'),
    node('RFI'),
    node('APTITUDE'),
    node('KCP1', { kcp: true }),
    node('SELF_INSPECTION', { optional: true }),
    node('SAMPLE_CERT'),
    node('KCP2', { kcp: true }),
    node('RELEASE'),
  ],
  /** Trading company (agent/distributor): certification of documents, no plant audit. */
  TRADING_COMPANY: [
    node('START'),
    node('RFI'),
    node('APTITUDE'),
    node('KCP1', { kcp: true }),
    node('CERT'),
    node('SAMPLE_CERT'),
    node('KCP2', { kcp: true }),
    node('PUBLICITY'),
    node('RELEASE'),
  ],
  /** Requalification of an admitted supplier's categories (domain/requalification): self-inspection, audit, KCP2. */
  REQUALIFICATION: [node('START'), node('SELF_INSPECTION'), node('SYSTEM_CERT'), node('KCP2', { kcp: true })],
} satisfies Record<string, NodePlanEntry[]>;
