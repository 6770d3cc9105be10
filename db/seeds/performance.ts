import type { Db } from '../connection.ts';

/**
 * A demo index system for a developer's install (docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"): quality 50
 * (process audit, incoming PPM as a knock-out, customer disruptions), delivery 30 (on-time delivery, premium
 * freight), cost and service 20 (commercial cooperation). Fixed ids; inserted once, never overwritten.
 */
const SYSTEM = 'PIS900';
const VERSION = `${SYSTEM}-V1`;
const id = (n: number) => `5e7f0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const NODES = [
  { id: id(1), parent: null, code: 'Q', zh: '质量', en: 'Quality', weight: 50 },
  { id: id(2), parent: null, code: 'D', zh: '交付', en: 'Delivery', weight: 30 },
  { id: id(3), parent: null, code: 'C', zh: '成本与服务', en: 'Cost and service', weight: 20 },
  { id: id(11), parent: id(1), code: 'Q-AUDIT', zh: '过程审核（VDA 6.3）', en: 'Process audit (VDA 6.3)', weight: 40, method: 'MANUAL', role: 'QUALITY_REVIEWER' },
  {
    id: id(12), parent: id(1), code: 'Q-PPM', zh: '来料PPM', en: 'Incoming PPM', weight: 40, method: 'COMPUTED', figure: 'PPM', direction: 'LOWER', knockOut: true,
    bands: [{ threshold: 10, score: 100 }, { threshold: 50, score: 90 }, { threshold: 100, score: 80 }, { threshold: 500, score: 60 }],
  },
  {
    id: id(13), parent: id(1), code: 'Q-DISRUPT', zh: '客户干扰', en: 'Customer disruptions', weight: 20, method: 'COMPUTED', figure: 'CUSTOMER_DISRUPTIONS', direction: 'LOWER',
    bands: [{ threshold: 0, score: 100 }, { threshold: 1, score: 70 }, { threshold: 3, score: 40 }],
  },
  {
    id: id(21), parent: id(2), code: 'D-OTD', zh: '准时交付率', en: 'On-time delivery', weight: 70, method: 'COMPUTED', figure: 'OTD_PERCENT', direction: 'HIGHER',
    bands: [{ threshold: 98, score: 100 }, { threshold: 95, score: 85 }, { threshold: 90, score: 70 }],
  },
  {
    id: id(22), parent: id(2), code: 'D-FREIGHT', zh: '额外运费', en: 'Premium freight', weight: 30, method: 'COMPUTED', figure: 'PREMIUM_FREIGHT', direction: 'LOWER',
    bands: [{ threshold: 0, score: 100 }, { threshold: 2, score: 80 }, { threshold: 5, score: 50 }],
  },
  { id: id(31), parent: id(3), code: 'C-COOP', zh: '商务配合', en: 'Commercial cooperation', weight: 100, method: 'MANUAL', role: 'BUSINESS_REVIEWER' },
] as const;

type Node = (typeof NODES)[number] & { method?: 'MANUAL' | 'COMPUTED'; role?: string; figure?: string; direction?: 'HIGHER' | 'LOWER'; knockOut?: boolean; bands?: readonly { threshold: number; score: number }[] };

export async function seedDemoPerformance(db: Db): Promise<void> {
  const by = { created_by_job_number: 'E10024', created_by_name: '黄丽' };
  await db.insertInto('perf_index_system').values({ code: SYSTEM, name_zh: '供应商季度绩效（示例）', name_en: 'Quarterly supplier performance (demo)', remark: null, ...by }).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('perf_index_version').values({ id: VERSION, system_code: SYSTEM, version: 1, remark: null, ...by }).onConflict((oc) => oc.doNothing()).execute();
  const rows = (NODES as readonly Node[]).map((n, i) => ({
    id: n.id,
    version_id: VERSION,
    parent_id: n.parent,
    code: n.code,
    name_zh: n.zh,
    name_en: n.en,
    weight: n.weight,
    sort: i,
    method: n.method ?? null,
    direction: n.parent ? (n.direction ?? 'HIGHER') : null,
    figure_kind: n.figure ?? null,
    bands: JSON.stringify(n.bands ?? []),
    reviewer_role: n.role ?? null,
    knock_out: n.knockOut ?? false,
  }));
  // Parents first: the children reference them.
  await db.insertInto('perf_index').values(rows.filter((r) => !r.parent_id)).onConflict((oc) => oc.doNothing()).execute();
  await db.insertInto('perf_index').values(rows.filter((r) => r.parent_id)).onConflict((oc) => oc.doNothing()).execute();
}
