import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import type { Db } from '../connection.ts';
import { upsertRows } from './upsert.ts';

const SCENARIOS = [
  { code: 'NEW_SUPPLIER', zh: '新供应商认证', en: 'New supplier certification', applyType: APPLY_TYPE.REGISTER },
  { code: 'TRADING_COMPANY', zh: '贸易商认证', en: 'Trading company certification', applyType: APPLY_TYPE.REGISTER },
  { code: 'CATEGORY_EXPANSION', zh: '品类扩充认证', en: 'Category expansion certification', applyType: APPLY_TYPE.EXPAND },
] as const satisfies readonly { code: keyof typeof STANDARD_PLANS; zh: string; en: string; applyType: number }[];

/** Names follow the seed data; the node plan is set once, since scenario configuration may edit it. */
export async function seedScenarios(db: Db): Promise<void> {
  const rows = SCENARIOS.map((s) => ({
    code: s.code,
    name_zh: s.zh,
    name_en: s.en,
    apply_type: s.applyType,
    node_plan: JSON.stringify(STANDARD_PLANS[s.code]),
  }));
  await upsertRows(db, 'scenario', rows, { key: ['code'], update: ['name_zh', 'name_en'] });
}
