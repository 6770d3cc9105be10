import { z } from 'zod';
import { NODE_REQUIRED, NODE_STAGE, type NodeCode } from '../cert-flow/enums.ts';
import { DIMENSION_CODES } from '../cert-flow/dimensions.ts';
import type { NodePlanEntry } from '../cert-flow/node-plan.ts';
import { FLOW_ROLES } from '../permissions.ts';
import { pageQuery, requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { CONFIG_MODE, SCENARIO_TYPES, SCENARIO_TYPE_CODES } from './scenario-types.ts';
import { scenarioStandards } from './standards.ts';

export { CONFIG_MODE, SCENARIO_STATUS, SCENARIO_TYPES, SCENARIO_TYPE_CODES, type ScenarioType } from './scenario-types.ts';

/** Nodes every plan has, always required: the application, the questionnaire, both meetings, the release. */
export const MANDATORY_NODES: readonly NodeCode[] = ['START', 'RFI', 'KCP1', 'KCP2', 'RELEASE'];
/** PUBLICITY ends by its timer only (req flow §4.6), so it is in the plan or not, never "optional". */
const NEVER_OPTIONAL: readonly NodeCode[] = [...MANDATORY_NODES, 'PUBLICITY'];
/** The gates: KCP1 closes stage 10, KCP2 is stage 30 (architecture §4). */
export const KCP_NODES: readonly NodeCode[] = ['KCP1', 'KCP2'];

/** Working days a node may be given; none for START (the application itself) and PUBLICITY (its period). */
export const DUE_DAYS_MAX = 60;
export const NO_DUE_NODES: readonly NodeCode[] = ['START', 'PUBLICITY'];
/** The publicity period: at least a minute (tests shorten it through the API), at most 30 days. */
export const PUBLICITY_SECONDS = { min: 60, max: 30 * 86_400, day: 86_400 } as const;

export const scenarioNodeInput = z.object({
  nodeCode: z.enum(['START', 'RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'CERT', 'KCP2', 'PUBLICITY', 'RELEASE'], {
    error: 'invalidValue',
  }),
  nodeRequired: z.union([z.literal(NODE_REQUIRED.REQUIRED), z.literal(NODE_REQUIRED.OPTIONAL)], { error: 'invalidValue' }),
  kcp: z.boolean({ error: 'invalidValue' }),
  dueDays: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: withParams('scenarioDueDays', { max: DUE_DAYS_MAX }) })
    .max(DUE_DAYS_MAX, { error: withParams('scenarioDueDays', { max: DUE_DAYS_MAX }) })
    .nullable(),
});
export type ScenarioNodeInput = z.infer<typeof scenarioNodeInput>;

export const scenarioDimensionInput = z.object({
  code: z.enum(DIMENSION_CODES, { error: 'invalidValue' }),
  owner: z.enum([...FLOW_ROLES, 'CMT_LEADER'], { error: 'invalidValue' }),
});

const configShape = z.object({
  nameZh: requiredText(50),
  nameEn: requiredText(100),
  scenarioType: z.enum(SCENARIO_TYPE_CODES, { error: 'required' }),
  nodes: z.array(scenarioNodeInput).max(20),
  publicitySeconds: z.number({ error: 'required' }).int({ error: 'invalidValue' }),
  dimensions: z.array(scenarioDimensionInput).max(DIMENSION_CODES.length),
  /** Left out by a scenario without industry standards (as before they existed). */
  standards: scenarioStandards.optional(),
});
export type ScenarioConfigShape = z.infer<typeof configShape>;

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules of a scenario (req scenario §2.5, architecture §4), once for server and screen: stages in order,
 * START and RFI first, RELEASE last, no node twice, nodes of the scenario type only, the mandatory
 * nodes present and required, KCP1 closing stage 10 and KCP2 in stage 30 with the KCP flag on them
 * only, a publicity period within bounds, dimensions once each and present when a node inspects them.
 */
export function scenarioConfigIssues(c: ScenarioConfigShape): Issue[] {
  const issues: Issue[] = [];
  const nodes = c.nodes;
  const codes: NodeCode[] = nodes.map((n) => n.nodeCode);
  const allowed: readonly NodeCode[] = SCENARIO_TYPES[c.scenarioType].nodes;
  const seen = new Set<string>();
  nodes.forEach((n, i) => {
    const at = (field: string, message: string) => issues.push({ path: ['nodes', i, field], message });
    if (seen.has(n.nodeCode)) at('nodeCode', withParams('scenarioDuplicateNode', { node: n.nodeCode }));
    seen.add(n.nodeCode);
    if (!allowed.includes(n.nodeCode)) at('nodeCode', withParams('scenarioNodeNotAllowed', { node: n.nodeCode }));
    if (i > 0 && NODE_STAGE[n.nodeCode] < NODE_STAGE[nodes[i - 1].nodeCode]) at('nodeCode', 'scenarioStageOrder');
    if (n.nodeRequired === NODE_REQUIRED.OPTIONAL && NEVER_OPTIONAL.includes(n.nodeCode)) at('nodeRequired', withParams('scenarioNodeRequired', { node: n.nodeCode }));
    if (n.kcp !== KCP_NODES.includes(n.nodeCode)) at('kcp', 'scenarioKcpFlag');
    if (NO_DUE_NODES.includes(n.nodeCode) ? n.dueDays !== null : n.dueDays === null) at('dueDays', withParams('scenarioDueDays', { max: DUE_DAYS_MAX }));
  });
  for (const code of MANDATORY_NODES) {
    if (!codes.includes(code)) issues.push({ path: ['nodes'], message: withParams('scenarioNodeMissing', { node: code }) });
  }
  if (codes[0] !== 'START' || codes[1] !== 'RFI') issues.push({ path: ['nodes'], message: 'scenarioStartRfiFirst' });
  if (codes.at(-1) !== 'RELEASE') issues.push({ path: ['nodes'], message: 'scenarioReleaseLast' });
  const kcp1 = codes.indexOf('KCP1');
  if (kcp1 >= 0 && nodes.slice(kcp1 + 1).some((n) => NODE_STAGE[n.nodeCode] === 10)) {
    issues.push({ path: ['nodes', kcp1, 'nodeCode'], message: 'scenarioKcpPlace' });
  }
  if (c.publicitySeconds < PUBLICITY_SECONDS.min || c.publicitySeconds > PUBLICITY_SECONDS.max) {
    issues.push({ path: ['publicitySeconds'], message: 'scenarioPublicityRange' });
  }
  const dims = new Set<string>();
  c.dimensions.forEach((d, i) => {
    if (dims.has(d.code)) issues.push({ path: ['dimensions', i, 'code'], message: 'scenarioDimensionTwice' });
    dims.add(d.code);
  });
  const vda = c.standards?.vda63;
  if (vda && !codes.includes('SYSTEM_CERT')) issues.push({ path: ['standards', 'vda63'], message: withParams('scenarioStandardNeedsNode', { node: 'SYSTEM_CERT' }) });
  if (c.standards?.ppap && !codes.includes('SAMPLE_CERT')) issues.push({ path: ['standards', 'ppap'], message: withParams('scenarioStandardNeedsNode', { node: 'SAMPLE_CERT' }) });
  // A VDA 6.3 audit scores process elements, not dimensions: only the self-inspection still needs them.
  if (!dims.size && codes.some((n) => n === 'SELF_INSPECTION' || (n === 'SYSTEM_CERT' && !vda))) {
    issues.push({ path: ['dimensions'], message: 'scenarioDimensionsNeeded' });
  }
  return issues;
}

function addIssues(c: ScenarioConfigShape, ctx: z.RefinementCtx): void {
  for (const issue of scenarioConfigIssues(c)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/** save body (NEW): the whole configuration, checked by the rules above. */
export const scenarioConfigInput = configShape.superRefine(addIssues);
export type ScenarioConfigInput = z.infer<typeof scenarioConfigInput>;

/** POST edit: EDIT saves (a new version once applied), APPLY saves and offers it to new flows. */
export const scenarioEditRequest = configShape
  .extend({ code: requiredText(40), mode: z.union([z.literal(CONFIG_MODE.EDIT), z.literal(CONFIG_MODE.APPLY)], { error: 'invalidValue' }) })
  .superRefine(addIssues);
export type ScenarioEditRequest = z.infer<typeof scenarioEditRequest>;

/** The flow's plan from a configuration: stages come from the nodes (architecture §4). */
export function planOf(nodes: readonly ScenarioNodeInput[]): NodePlanEntry[] {
  return nodes.map((n) => {
    const stage = NODE_STAGE[n.nodeCode] as NodePlanEntry['stage'];
    return { nodeCode: n.nodeCode, stage, nodeRequired: n.nodeRequired, kcp: n.kcp, ...(n.dueDays === null ? {} : { dueDays: n.dueDays }) };
  });
}

export const scenarioCodeQuery = z.object({ code: requiredText(40) });
/** GET get_config-info: the screen passes its mode too (req scenario §7.4); the answer is the same in every mode. */
export const scenarioGetQuery = z.object({
  code: requiredText(40),
  mode: z.enum(['0', '1', '2'], { error: 'invalidValue' }).optional(),
});
export const scenarioDiffQuery = z.object({
  code: requiredText(40),
  from: z.coerce.number({ error: 'invalidValue' }).int().min(1, { error: 'invalidValue' }),
  to: z.coerce.number({ error: 'invalidValue' }).int().min(1, { error: 'invalidValue' }),
});

/** POST flow-scenario-config-list: paged like the flow list (req scenario §7.4). */
export const scenarioListRequest = pageQuery.extend({
  name: z.string().trim().max(50).optional(),
  scenarioType: z.enum(SCENARIO_TYPE_CODES, { error: 'invalidValue' }).optional(),
});
export type ScenarioListRequest = z.infer<typeof scenarioListRequest>;

/** GET /dict/v1/scenario_list: the applied scenarios for the apply drawer; scenarioType is the apply type (1, 2). */
export const scenarioDictQuery = z.object({
  dictType: z.string().max(40).optional(),
  scenarioType: z
    .enum(['1', '2', ''], { error: 'invalidValue' })
    .optional()
    .transform((v) => (v ? Number(v) : undefined)),
});

export const scenarioRow = z.object({
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  name: z.string(),
  scenarioType: z.enum(SCENARIO_TYPE_CODES),
  applyType: z.number(),
  status: z.number(),
  /** The version new flows get (null while a draft was never applied). */
  appliedVersion: z.number().nullable(),
  latestVersion: z.number(),
  nodeCount: z.number(),
  runningFlows: z.number(),
  updatedAt: z.string(),
});
export type ScenarioRow = z.infer<typeof scenarioRow>;

export const scenarioVersionSummary = z.object({
  version: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Flows started under this version. */
  flows: z.number(),
  /** Whether it was ever the version new flows get. */
  applied: z.boolean(),
});
export type ScenarioVersionSummary = z.infer<typeof scenarioVersionSummary>;

export const scenarioConfigDetail = configShape.extend({
  code: z.string(),
  status: z.number(),
  appliedVersion: z.number().nullable(),
  version: z.number(),
  versions: z.array(scenarioVersionSummary),
  /** Whether this caller may save, apply and delete. */
  editable: z.boolean(),
});
export type ScenarioConfigDetail = z.infer<typeof scenarioConfigDetail>;

export const scenarioChange = z.object({
  /** 'node' rows name the node; 'setting' rows the field (nameZh, publicitySeconds, dimension:QUALITY…). */
  kind: z.enum(['node', 'setting']),
  key: z.string(),
  change: z.enum(['added', 'removed', 'changed', 'moved']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ScenarioChange = z.infer<typeof scenarioChange>;
