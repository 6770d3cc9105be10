import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { SCENARIO_STATUS } from '#domain/scenario/scenario-config.ts';
import type { Db } from '../connection.ts';
import { upsertRows } from './upsert.ts';

const SCENARIOS = [
  { code: 'NEW_SUPPLIER', zh: '新供应商认证', en: 'New supplier certification', applyType: APPLY_TYPE.REGISTER },
  { code: 'TRADING_COMPANY', zh: '贸易商认证', en: 'Trading company certification', applyType: APPLY_TYPE.REGISTER },
  { code: 'CATEGORY_EXPANSION', zh: '品类扩充认证', en: 'Category expansion certification', applyType: APPLY_TYPE.EXPAND },
  { code: 'REQUALIFICATION', zh: '供应商再认证', en: 'Supplier requalification', applyType: APPLY_TYPE.REQUALIFY },
] as const satisfies readonly { code: keyof typeof STANDARD_PLANS; zh: string; en: string; applyType: number }[];

const PUBLICITY_SECONDS = 7 * 86_400;

/**
 * The standard scenarios, applied as version 1 when missing. Afterwards they belong to the scenario
 * configuration: a start-up never rewrites what an administrator changed (names included).
 */
export async function seedScenarios(db: Db): Promise<void> {
  const dimensions = JSON.stringify(INSPECTION_DIMENSIONS.map((d) => ({ code: d.code, owner: d.owner })));
  const rows = SCENARIOS.map((s) => ({
    code: s.code,
    name_zh: s.zh,
    name_en: s.en,
    apply_type: s.applyType,
    scenario_type: s.code,
    node_plan: JSON.stringify(STANDARD_PLANS[s.code]),
    publicity_seconds: PUBLICITY_SECONDS,
    status: SCENARIO_STATUS.APPLIED,
    dimensions,
    applied_version: 1,
  }));
  await upsertRows(db, 'scenario', rows, { key: ['code'], update: [] });
  const versions = rows.map((r) => ({
    scenario_code: r.code,
    version: 1,
    name_zh: r.name_zh,
    name_en: r.name_en,
    scenario_type: r.scenario_type,
    node_plan: r.node_plan,
    publicity_seconds: r.publicity_seconds,
    dimensions,
    created_by: 'system',
    applied_at: new Date(),
  }));
  await upsertRows(db, 'scenario_version', versions, { key: ['scenario_code', 'version'], update: [] });
}
