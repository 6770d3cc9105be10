import { EXIT_DICT } from '#domain/supplier-exit/exit.ts';
import { e, type DictSeed } from './dict-types.ts';

/** The exit form's choices (req exit §2.3 leaves them open: docs/decisions/0032-supplier-exit.md). */
export const EXIT_DICTS: DictSeed = {
  [EXIT_DICT.category]: [
    e('ELIMINATION', '淘汰退出', 'Elimination'),
    e('VOLUNTARY', '主动退出', 'Voluntary withdrawal'),
    e('RESTRUCTURING', '重组合并', 'Merger or restructuring'),
    e('BUSINESS_ADJUSTMENT', '业务调整', 'Business adjustment'),
  ],
  [EXIT_DICT.type]: [
    e('QUALITY', '质量问题', 'Quality'),
    e('DELIVERY', '交付问题', 'Delivery'),
    e('COST', '成本竞争力不足', 'Cost competitiveness'),
    e('COMPLIANCE', '合规风险', 'Compliance risk'),
    e('FINANCIAL', '经营异常', 'Financial distress'),
    e('PRODUCT_PHASE_OUT', '产品停产', 'Product phase-out'),
    e('REQUALIFICATION_FAILED', '再认证未通过', 'Requalification failed'),
    e('OTHER', '其他', 'Other'),
  ],
};
