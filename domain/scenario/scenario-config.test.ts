import { describe, expect, it } from 'vitest';
import { STANDARD_PLANS } from '../cert-flow/node-plan.ts';
import { INSPECTION_DIMENSIONS } from '../cert-flow/dimensions.ts';
import { translate } from '../messages.ts';
import { scenarioConfigInput, type ScenarioConfigShape } from './scenario-config.ts';
import { diffScenarioVersions } from './scenario-diff.ts';

type Node = ScenarioConfigShape['nodes'][number];
const node = (nodeCode: Node['nodeCode'], o: Partial<Node> = {}): Node => ({
  nodeCode,
  nodeRequired: 10,
  kcp: nodeCode === 'KCP1' || nodeCode === 'KCP2',
  dueDays: nodeCode === 'START' || nodeCode === 'PUBLICITY' ? null : 5,
  ...o,
});
const FULL: Node['nodeCode'][] = ['START', 'RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE'];
const config = (o: Partial<ScenarioConfigShape> = {}): ScenarioConfigShape => ({
  nameZh: '新供应商',
  nameEn: 'New supplier',
  scenarioType: 'NEW_SUPPLIER',
  nodes: FULL.map((c) => node(c)),
  publicitySeconds: 7 * 86_400,
  dimensions: INSPECTION_DIMENSIONS.map((d) => ({ code: d.code, owner: d.owner })),
  ...o,
});
/** The field errors, as the server answers them (path → English text). */
function errors(c: unknown): Record<string, string> {
  const r = scenarioConfigInput.safeParse(c);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), translate(i.message, 'en')]));
}
const withNodes = (codes: Node['nodeCode'][], o: Partial<ScenarioConfigShape> = {}) => config({ nodes: codes.map((c) => node(c)), ...o });
const without = (...drop: Node['nodeCode'][]) => FULL.filter((c) => !drop.includes(c));

describe('scenario configuration rules', () => {
  it('accepts a full new-registration plan, and every seeded plan', () => {
    expect(errors(config())).toEqual({});
    expect(errors(withNodes(without('SAMPLE_CERT')))).toEqual({});
    const asInput = (plan: (typeof STANDARD_PLANS)[keyof typeof STANDARD_PLANS]) => plan.map((n) => ({ nodeCode: n.nodeCode as Node['nodeCode'], nodeRequired: n.nodeRequired, kcp: n.kcp, dueDays: n.dueDays ?? null }));
    expect(errors(config({ nodes: asInput(STANDARD_PLANS.NEW_SUPPLIER) }))).toEqual({});
    expect(errors(config({ scenarioType: 'TRADING_COMPANY', nodes: asInput(STANDARD_PLANS.TRADING_COMPANY) }))).toEqual({});
    expect(errors(config({ scenarioType: 'CATEGORY_EXPANSION', nodes: asInput(STANDARD_PLANS.CATEGORY_EXPANSION) }))).toEqual({});
  });

  it('stages in order: a stage-20 node after KCP2 is refused on that node', () => {
    const codes: Node['nodeCode'][] = ['START', 'RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'KCP2', 'SAMPLE_CERT', 'RELEASE'];
    expect(errors(withNodes(codes))).toEqual({ 'nodes.6.nodeCode': 'Nodes must follow the order of the stages' });
  });

  it('START and RFI first, RELEASE last', () => {
    expect(errors(withNodes(['RFI', 'START', ...without('START', 'RFI')]))).toEqual({ nodes: 'START and RFI must be the first two nodes' });
    expect(scenarioConfigInput.safeParse(withNodes(without('RELEASE'))).error?.issues.map((i) => translate(i.message, 'en'))).toEqual([
      'The mandatory node RELEASE is missing',
      'RELEASE must be the last node',
    ]);
    const releaseFirst = withNodes(['START', 'RFI', 'APTITUDE', 'KCP1', 'KCP2', 'RELEASE', 'PUBLICITY']);
    expect(errors(releaseFirst)).toEqual({ nodes: 'RELEASE must be the last node' });
  });

  it('no node twice', () => {
    const twice = withNodes(['START', 'RFI', 'APTITUDE', 'KCP1', 'SAMPLE_CERT', 'SAMPLE_CERT', 'KCP2', 'RELEASE'], { dimensions: [] });
    expect(errors(twice)).toEqual({ 'nodes.5.nodeCode': 'Node SAMPLE_CERT appears twice' });
  });

  it('the mandatory nodes are there and required; optional nodes may be optional', () => {
    expect(errors(withNodes(without('KCP2')))).toEqual({ nodes: 'The mandatory node KCP2 is missing' });
    const kcp1Optional = config({ nodes: FULL.map((c) => node(c, c === 'KCP1' ? { nodeRequired: 20 } : {})) });
    expect(errors(kcp1Optional)).toEqual({ 'nodes.3.nodeRequired': 'Node KCP1 cannot be optional' });
    const sampleOptional = config({ nodes: FULL.map((c) => node(c, c === 'SAMPLE_CERT' ? { nodeRequired: 20 } : {})) });
    expect(errors(sampleOptional)).toEqual({});
  });

  it('KCP1 closes stage 10, and only KCP1 and KCP2 carry the KCP flag', () => {
    const kcp1Early = withNodes(['START', 'RFI', 'KCP1', 'APTITUDE', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE']);
    expect(errors(kcp1Early)).toEqual({ 'nodes.2.nodeCode': 'KCP1 must be the last node of stage 1' });
    expect(errors(config({ nodes: FULL.map((c) => node(c, c === 'APTITUDE' ? { kcp: true } : {})) }))).toEqual({ 'nodes.2.kcp': 'Only KCP1 and KCP2 are KCP nodes' });
    expect(errors(config({ nodes: FULL.map((c) => node(c, c === 'KCP2' ? { kcp: false } : {})) }))).toEqual({ 'nodes.7.kcp': 'Only KCP1 and KCP2 are KCP nodes' });
  });

  it('nodes of the scenario type only: no SYSTEM_CERT in an expansion, CERT only for trading companies', () => {
    expect(errors(config({ scenarioType: 'CATEGORY_EXPANSION' }))).toEqual({ 'nodes.5.nodeCode': 'This scenario type cannot have node SYSTEM_CERT' });
    expect(errors(config({ scenarioType: 'CATEGORY_EXPANSION', nodes: without('SYSTEM_CERT').map((c) => node(c)) }))).toEqual({});
    const withCert = ['START', 'RFI', 'APTITUDE', 'KCP1', 'CERT', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE'] as Node['nodeCode'][];
    expect(errors(withNodes(withCert))).toEqual({ 'nodes.4.nodeCode': 'This scenario type cannot have node CERT' });
    expect(errors(withNodes(withCert, { scenarioType: 'TRADING_COMPANY', dimensions: [] }))).toEqual({});
  });

  it('due days: 1 to 60 working days on every node but START and PUBLICITY', () => {
    const due = (code: Node['nodeCode'], dueDays: number | null) => errors(config({ nodes: FULL.map((c) => node(c, c === code ? { dueDays } : {})) }));
    expect(due('RFI', 60)).toEqual({});
    expect(due('RFI', 61)).toEqual({ 'nodes.1.dueDays': 'The due time is 1 to 60 working days (none for START and PUBLICITY)' });
    expect(due('RFI', 0)).toEqual({ 'nodes.1.dueDays': 'The due time is 1 to 60 working days (none for START and PUBLICITY)' });
    expect(due('RFI', null)).toEqual({ 'nodes.1.dueDays': 'The due time is 1 to 60 working days (none for START and PUBLICITY)' });
    expect(due('START', 3)).toEqual({ 'nodes.0.dueDays': 'The due time is 1 to 60 working days (none for START and PUBLICITY)' });
  });

  it('publicity period: one minute to 30 days', () => {
    expect(errors(config({ publicitySeconds: 60 }))).toEqual({});
    expect(errors(config({ publicitySeconds: 30 * 86_400 }))).toEqual({});
    expect(errors(config({ publicitySeconds: 59 }))).toEqual({ publicitySeconds: 'The publicity period must be between one minute and 30 days' });
    expect(errors(config({ publicitySeconds: 30 * 86_400 + 1 }))).toEqual({ publicitySeconds: 'The publicity period must be between one minute and 30 days' });
  });

  it('dimensions: each once, and at least one when a node inspects them', () => {
    const twice = config({ dimensions: [{ code: 'QUALITY', owner: 'QUALITY_REVIEWER' }, { code: 'QUALITY', owner: 'PROCUREMENT' }] });
    expect(errors(twice)).toEqual({ 'dimensions.1.code': 'This dimension appears twice' });
    expect(errors(config({ dimensions: [] }))).toEqual({ dimensions: 'A plan with self-inspection or system certification needs at least one dimension' });
    expect(errors(withNodes(without('SELF_INSPECTION', 'SYSTEM_CERT'), { dimensions: [] }))).toEqual({});
  });

  it('says the errors in Chinese too', () => {
    const r = scenarioConfigInput.safeParse(withNodes(without('KCP2')));
    expect(r.success).toBe(false);
    expect(translate(r.error!.issues[0].message, 'zh')).toBe('缺少必需节点KCP2');
  });
});

describe('version diff', () => {
  const content = (c: ScenarioConfigShape) => ({ ...c, plan: c.nodes.map((n) => ({ ...n, stage: 10 as const, dueDays: n.dueDays ?? undefined })) });
  it('lists nodes removed, changed, added and the settings that changed', () => {
    const before = content(config());
    const after = content(config({ publicitySeconds: 3 * 86_400, nodes: without('SAMPLE_CERT').map((c) => node(c, c === 'RFI' ? { dueDays: 8 } : {})) }));
    expect(diffScenarioVersions(before, after)).toEqual([
      { kind: 'node', key: 'RFI', change: 'changed', before: 'required, 5d', after: 'required, 8d' },
      { kind: 'node', key: 'SAMPLE_CERT', change: 'removed', before: 'required, 5d', after: null },
      { kind: 'setting', key: 'publicitySeconds', change: 'changed', before: '604800', after: '259200' },
    ]);
    expect(diffScenarioVersions(before, before)).toEqual([]);
  });
});
