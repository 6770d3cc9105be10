import type { Locale } from './i18n.ts';
import { NODE_TASK_NAME } from './cert-flow/node-principals.ts';
import type { NodeCode } from './cert-flow/enums.ts';

type Detail = Record<string, unknown>;
type Render = (d: Detail) => string;

const REVIEW_NAME: Record<string, Record<Locale, string>> = {
  PURCHASE_REVIEW: { zh: '采购审核', en: 'Purchasing review' },
  CMT_REVIEW: { zh: 'CMT审核', en: 'CMT review' },
};

const node = (d: Detail, locale: Locale) => NODE_TASK_NAME[d.nodeCode as NodeCode]?.[locale] ?? String(d.nodeCode ?? '');
const review = (d: Detail, locale: Locale) => REVIEW_NAME[String(d.kind)]?.[locale] ?? String(d.kind ?? '');
const withReason = (text: string, d: Detail, sep: string) => (d.reason ? `${text}${sep}${String(d.reason)}` : text);

/**
 * Operation-history rows are stored as an action and its facts; the change logs render them in the
 * reader's language here (the stored description is the fallback for actions without a template).
 */
const TEMPLATES: Record<string, Record<Locale, Render>> = {
  APPLY: { zh: (d) => `新建注册申请：${d.supplierName}`, en: (d) => `Registration application: ${d.supplierName}` },
  EXPAND_APPLY: { zh: (d) => `扩充供应商品类：${d.supplierName}`, en: (d) => `Category expansion: ${d.supplierName}` },
  RFI_SAVE_NEXT: { zh: (d) => `保存第${d.stepNo}步（下一步）`, en: (d) => `Saved step ${d.stepNo} (next)` },
  RFI_SAVE_DRAFT: { zh: (d) => `暂存第${d.stepNo}步`, en: (d) => `Saved step ${d.stepNo} as a draft` },
  RFI_SUBMIT: { zh: () => '提交RFI问卷', en: () => 'Submitted the RFI questionnaire' },
  SUPPLIER_LOGIN: { zh: () => '供应商通过邮箱验证码登录', en: () => 'The supplier logged in with an e-mailed code' },
  SUPPLIER_PORTAL_LOGIN: { zh: () => '供应商登录供应商门户', en: () => 'The supplier logged in to the supplier portal' },
  RFI_REVIEW_PASS: { zh: (d) => `${review(d, 'zh')}通过`, en: (d) => `${review(d, 'en')} approved` },
  RFI_REVIEW_REJECT: { zh: (d) => withReason(`${review(d, 'zh')}驳回`, d, '：'), en: (d) => withReason(`${review(d, 'en')} rejected`, d, ': ') },
  REISSUE_RFI: { zh: () => 'RFI邀请已重新发送', en: () => 'RFI invitation re-issued' },
  OPEN_NODE: { zh: (d) => `${node(d, 'zh')}节点开始`, en: (d) => `${node(d, 'en')} opened` },
  COMPLETE_NODE: {
    zh: (d) => `${node(d, 'zh')}节点完成${d.outcome === 'fail' ? '（不通过）' : ''}`,
    en: (d) => `${node(d, 'en')} completed${d.outcome === 'fail' ? ' (failed)' : ''}`,
  },
  TERMINATE: { zh: (d) => withReason('认证已终止', d, '：'), en: (d) => withReason('Certification terminated', d, ': ') },
  FINISH: { zh: () => '认证流程完成', en: () => 'Certification flow finished' },
};

export function describeHistory(action: string, detail: Detail | null, locale: Locale, stored: string): string {
  const render = TEMPLATES[action]?.[locale];
  return render ? render(detail ?? {}) : stored;
}
