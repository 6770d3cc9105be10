import type { Db } from '#db/connection.ts';
import type { IndexAddInput } from '#domain/performance/index-tree.ts';
import { indexAddRequest } from '#domain/performance/index-tree.ts';
import type { PlanFormInput } from '#domain/performance/plan.ts';
import { planCreateRequest } from '#domain/performance/plan.ts';
import { addToIndexTree } from '#services/performance/index-write.ts';
import { createPlan } from '#services/performance/plan-write.ts';
import { principalOf } from './exit-fixtures.ts';

/** Seeded staff of the performance suites. */
export const PERF = {
  /** Quality operations: holds scm-cspm:performance-manage. */
  manager: 'E10024',
  admin: 'E10001',
  /** Purchasing managers: the plan screens' route, not the manage key. */
  owner: 'E10003',
  otherPm: 'E10002',
  qualityReviewer: 'E10020',
  businessReviewer: 'E10022',
} as const;

const add = async (db: Db, input: IndexAddInput) => addToIndexTree(db, indexAddRequest.parse(input), await principalOf(db, PERF.manager));

/**
 * A complete small system: quality 60 (supplier audit 50, manual by quality reviewers; PPM 50, computed,
 * knock-out) and delivery 40 (on-time delivery 100, computed). Answers its ids.
 */
export async function completeSystem(db: Db) {
  const { code, versionId } = await add(db, { kind: 'SYSTEM', nameZh: '测试绩效体系', nameEn: 'Test performance system' });
  const quality = (await add(db, { kind: 'INDEX', versionId: versionId!, parentId: null, code: 'Q', nameZh: '质量', nameEn: 'Quality', weight: 100 })).id!;
  const delivery = (
    await add(db, { kind: 'INDEX', versionId: versionId!, parentId: null, code: 'D', nameZh: '交付', nameEn: 'Delivery', weight: 40, siblingWeights: [{ id: quality, weight: 60 }] })
  ).id!;
  const audit = (
    await add(db, { kind: 'INDEX', versionId: versionId!, parentId: quality, code: 'Q-AUDIT', nameZh: '过程审核', nameEn: 'Process audit', weight: 100, method: 'MANUAL', reviewerRole: 'QUALITY_REVIEWER' })
  ).id!;
  const ppm = (
    await add(db, {
      kind: 'INDEX',
      versionId: versionId!,
      parentId: quality,
      code: 'Q-PPM',
      nameZh: '来料PPM',
      nameEn: 'Incoming PPM',
      weight: 50,
      method: 'COMPUTED',
      figureKind: 'PPM',
      direction: 'LOWER',
      bands: [
        { threshold: 50, score: 100 },
        { threshold: 200, score: 80 },
      ],
      knockOut: true,
      siblingWeights: [{ id: audit, weight: 50 }],
    })
  ).id!;
  const otd = (
    await add(db, {
      kind: 'INDEX',
      versionId: versionId!,
      parentId: delivery,
      code: 'D-OTD',
      nameZh: '准时交付率',
      nameEn: 'On-time delivery',
      weight: 100,
      method: 'COMPUTED',
      figureKind: 'OTD_PERCENT',
      direction: 'HIGHER',
      bands: [
        { threshold: 98, score: 100 },
        { threshold: 90, score: 70 },
      ],
    })
  ).id!;
  return { code: code!, versionId: versionId!, quality, delivery, audit, ppm, otd };
}

/** A plan form for two admitted demo suppliers over the version, quality reviewer E10020. */
export function planForm(versionId: string, overrides: Partial<PlanFormInput> = {}): PlanFormInput {
  return {
    name: '2026年第四季度供应商绩效',
    periodType: 'QUARTER',
    period: '2026-Q4',
    indexVersionId: versionId,
    scopeMode: 'SUPPLIER',
    supplierNos: ['SN000001', 'SN000002'],
    reviewers: [{ role: 'QUALITY_REVIEWER', jobNumbers: [PERF.qualityReviewer] }],
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    ownerJobNumber: PERF.owner,
    ...overrides,
  };
}

/** A draft plan made by the manager. */
export async function draftPlan(db: Db, versionId: string, overrides: Partial<PlanFormInput> = {}): Promise<string> {
  const { planNo } = await createPlan(db, planCreateRequest.parse(planForm(versionId, overrides)), await principalOf(db, PERF.manager), 'zh');
  return planNo;
}

/** Moves a plan on as the round would (the round's half owns these transitions). */
export async function setPlanStatus(db: Db, planNo: string, status: 'running' | 'calculated' | 'approving' | 'concluded') {
  await db.updateTable('perf_plan').set({ status }).where('plan_no', '=', planNo).execute();
}

/** A calculated summary row, as the round's calculation writes it. */
export async function insertSummary(db: Db, planNo: string, supplierNo: string, score: number | null, grade: 'A' | 'B' | 'C' | null) {
  await db
    .insertInto('perf_supplier_summary')
    .values({ plan_no: planNo, supplier_no: supplierNo, calculated_score: score, no_data: score === null, grade })
    .execute();
}
