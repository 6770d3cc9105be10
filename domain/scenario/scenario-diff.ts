import type { NodePlanEntry } from '../cert-flow/node-plan.ts';
import type { ScenarioChange } from './scenario-config.ts';
import type { ScenarioStandards } from './standards.ts';

/** What a version holds, as the diff compares it. */
export interface ScenarioVersionContent {
  nameZh: string;
  nameEn: string;
  scenarioType: string;
  plan: readonly NodePlanEntry[];
  publicitySeconds: number;
  dimensions: readonly { code: string; owner: string }[];
  standards?: ScenarioStandards;
}

const nodeText = (n: NodePlanEntry) => `${n.nodeRequired === 20 ? 'optional' : 'required'}${n.kcp ? ', KCP' : ''}, ${n.dueDays ?? '-'}d`;

/**
 * The changes from one version to another, one row per node and per setting: nodes added, removed,
 * changed (required/optional, KCP, due days) or moved; names, type, publicity period, dimensions.
 */
export function diffScenarioVersions(a: ScenarioVersionContent, b: ScenarioVersionContent): ScenarioChange[] {
  const changes: ScenarioChange[] = [];
  const setting = (key: string, before: string | null, after: string | null) => {
    if (before === after) return;
    changes.push({ kind: 'setting', key, change: before === null ? 'added' : after === null ? 'removed' : 'changed', before, after });
  };
  const aCodes = a.plan.map((n) => n.nodeCode);
  const bCodes = b.plan.map((n) => n.nodeCode);
  // Moved: the relative order of the nodes both versions have differs.
  const aShared = aCodes.filter((c) => bCodes.includes(c));
  const bShared = bCodes.filter((c) => aCodes.includes(c));
  for (const n of a.plan) {
    const other = b.plan.find((m) => m.nodeCode === n.nodeCode);
    if (!other) changes.push({ kind: 'node', key: n.nodeCode, change: 'removed', before: nodeText(n), after: null });
    else if (nodeText(n) !== nodeText(other)) changes.push({ kind: 'node', key: n.nodeCode, change: 'changed', before: nodeText(n), after: nodeText(other) });
    else if (aShared.indexOf(n.nodeCode) !== bShared.indexOf(n.nodeCode)) {
      changes.push({ kind: 'node', key: n.nodeCode, change: 'moved', before: String(aCodes.indexOf(n.nodeCode) + 1), after: String(bCodes.indexOf(n.nodeCode) + 1) });
    }
  }
  for (const n of b.plan) {
    if (!aCodes.includes(n.nodeCode)) changes.push({ kind: 'node', key: n.nodeCode, change: 'added', before: null, after: nodeText(n) });
  }
  setting('nameZh', a.nameZh, b.nameZh);
  setting('nameEn', a.nameEn, b.nameEn);
  setting('scenarioType', a.scenarioType, b.scenarioType);
  setting('publicitySeconds', String(a.publicitySeconds), String(b.publicitySeconds));
  const owners = (v: ScenarioVersionContent) => new Map(v.dimensions.map((d) => [d.code, d.owner]));
  const [aDims, bDims] = [owners(a), owners(b)];
  for (const code of new Set([...aDims.keys(), ...bDims.keys()])) setting(`dimension:${code}`, aDims.get(code) ?? null, bDims.get(code) ?? null);
  const vda = (v: ScenarioVersionContent) => (v.standards?.vda63 ? v.standards.vda63.elements.join(',') : null);
  const ppap = (v: ScenarioVersionContent) => (v.standards?.ppap ? String(v.standards.ppap.level) : null);
  setting('vda63', vda(a), vda(b));
  setting('ppap', ppap(a), ppap(b));
  return changes;
}
