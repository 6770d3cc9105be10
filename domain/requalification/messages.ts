import type { Locale } from '../i18n.ts';

/** Requalification (docs/decisions/0055-requalification.md): rule and server messages, zh and en. */
export const REQUALIFICATION_MESSAGES = {
  chooseRequalificationCategories: { zh: '请选择再认证的品类', en: 'Please choose the categories to requalify' },
  enterRequalificationReason: { zh: '请输入再认证原因', en: 'Please enter the reason for the requalification' },
  chooseFailureHandling: { zh: '请选择不通过时的处理', en: 'Please choose what a failure does' },
  graceDaysRange: { zh: '宽限期须为0至{max}天，或留空（不自动发起再认证）', en: 'The grace is 0 to {max} days, or empty (no requalification starts)' },
  certificateKindUndated: { zh: '该证书类型没有有效期，无需设置', en: 'This kind of certificate has no validity to set' },
  chooseCategory: { zh: '请选择品类', en: 'Please choose the category' },
  requalificationIntervalRange: { zh: '周期须为1至{max}个月，或留空（仅手动发起）', en: 'The interval is 1 to {max} months, or empty (started by hand only)' },
  requalificationCategoryNotAdmitted: {
    zh: '这些品类不是该供应商已准入的品类：{names}',
    en: 'These are not categories the supplier is admitted for: {names}',
  },
  requalificationRunning: { zh: '这些品类已有进行中的再认证（{flowNo}）', en: 'A requalification of these categories is already running ({flowNo})' },
  requalificationSupplierInactive: { zh: '该供应商已停用，不能再认证', en: 'This supplier is inactive and cannot be requalified' },
  requalificationNoHistory: { zh: '该供应商没有已完成的认证流程，无法确定负责人', en: 'This supplier has no finished certification flow to take its people from' },
  requalificationScenarioMissing: { zh: '再认证场景未应用，请先在场景配置中应用', en: 'The requalification scenario is not applied; apply it in the scenario configuration first' },
  requalificationForbidden: { zh: '您没有发起该供应商再认证的权限', en: 'You may not start a requalification of this supplier' },
} as const satisfies Record<string, Record<Locale, string>>;
