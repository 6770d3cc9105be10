import type { Locale } from './i18n.ts';
import { NODE_TASK_NAME, RESPONSIBILITY_NAME, type FlowResponsibility } from './cert-flow/node-principals.ts';
import type { NodeCode } from './cert-flow/enums.ts';
import { INSPECTION_DIMENSIONS } from './cert-flow/dimensions.ts';
import { RFI_REVIEW_NAME, type RfiReviewKind } from './cert-flow/tasks.ts';
import { APPROVAL_TASK_NAME } from './cert-flow/approvals.ts';
import type { ApprovalKind } from './cert-flow/evaluation.ts';
import {
  REQUALIFICATION_OUTCOME_NAME,
  REQUALIFICATION_TRIGGER_NAME,
  type RequalificationOutcome,
  type RequalificationTrigger,
} from './requalification/requalification.ts';

type Detail = Record<string, unknown>;
/** undefined: the row lacks the facts (written before they were stored), so the stored text is shown. */
type Render = (d: Detail) => string | undefined;

/** Responsibilities handed on by "adjust owner" and transfer (names as in the role seeds). */
const node = (d: Detail, locale: Locale) => NODE_TASK_NAME[d.nodeCode as NodeCode]?.[locale] ?? String(d.nodeCode ?? '');
const review = (d: Detail, locale: Locale) => RFI_REVIEW_NAME[String(d.kind) as RfiReviewKind]?.[locale] ?? String(d.kind ?? '');
const approval = (d: Detail, locale: Locale) => APPROVAL_TASK_NAME[String(d.kind) as ApprovalKind]?.[locale] ?? String(d.kind ?? '');
const dimension = (code: unknown, locale: Locale) => INSPECTION_DIMENSIONS.find((x) => x.code === code)?.[locale] ?? String(code ?? '');
const withReason = (text: string, d: Detail, sep: string) => (d.reason ? `${text}${sep}${String(d.reason)}` : text);
const withOpinion = (text: string, d: Detail, sep: string) => (d.approveOpinion ? `${text}${sep}${String(d.approveOpinion)}` : text);

/** A requalification's end: its outcome, and what a failure did to its categories. */
function requalificationOutcomeText(d: Detail, locale: Locale): string {
  const outcome = REQUALIFICATION_OUTCOME_NAME[d.outcome as RequalificationOutcome]?.[locale] ?? String(d.outcome);
  if (d.outcome !== 'failed') return locale === 'zh' ? `再认证结果：${outcome}` : `Requalification outcome: ${outcome}`;
  if (d.exitFlowNo) return locale === 'zh' ? `再认证结果：${outcome}，已提交品类退出 ${d.exitFlowNo}` : `Requalification outcome: ${outcome}; category exit ${d.exitFlowNo} submitted`;
  return locale === 'zh' ? `再认证结果：${outcome}，品类已限制` : `Requalification outcome: ${outcome}; the categories are restricted`;
}

type Person = { role?: unknown; indexCode?: unknown; jobNumber?: unknown; name?: unknown };
const people = (d: Detail): Person[] | undefined => (Array.isArray(d.assignments) ? (d.assignments as Person[]) : undefined);

/** REASSIGN: each changed responsibility and its new holder. */
function reassigned(d: Detail, locale: Locale): string | undefined {
  const list = people(d)?.map((a) => `${RESPONSIBILITY_NAME[String(a.role) as FlowResponsibility]?.[locale] ?? String(a.role)} → ${a.name} (${a.jobNumber})`);
  if (!list) return undefined;
  return locale === 'zh' ? `负责人变更：${list.join('；')}` : `Responsibilities reassigned: ${list.join('; ')}`;
}

/** SYSTEM_CERT_EXPERTS: the expert of every dimension, '—' where none is chosen. */
function experts(d: Detail, locale: Locale): string | undefined {
  const list = people(d)?.map((a) => {
    const who = a.jobNumber ? (locale === 'zh' ? `${a.name}(${a.jobNumber})` : `${a.name} (${a.jobNumber})`) : '—';
    return locale === 'zh' ? `${dimension(a.indexCode, 'zh')}：${who}` : `${dimension(a.indexCode, 'en')}: ${who}`;
  });
  if (!list) return undefined;
  return locale === 'zh' ? `体系认证评审专家：${list.join('，')}` : `System certification review experts: ${list.join('; ')}`;
}

/**
 * Operation-history rows are stored as an action and its facts; the change logs render them in the
 * reader's language here (the stored description is the fallback for actions without a template).
 */
const TEMPLATES: Record<string, Record<Locale, Render>> = {
  APPLY: { zh: (d) => `新建注册申请：${d.supplierName}`, en: (d) => `Registration application: ${d.supplierName}` },
  EXPAND_APPLY: { zh: (d) => `扩充供应商品类：${d.supplierName}`, en: (d) => `Category expansion: ${d.supplierName}` },
  REQUALIFY_APPLY: {
    zh: (d) => `${REQUALIFICATION_TRIGGER_NAME[d.trigger as RequalificationTrigger]?.zh ?? ''}再认证：${d.supplierName}（${d.categories}）；原因：${d.reason}`,
    en: (d) => `Requalification (${REQUALIFICATION_TRIGGER_NAME[d.trigger as RequalificationTrigger]?.en ?? ''}): ${d.supplierName} (${d.categories}); reason: ${d.reason}`,
  },
  REQUALIFICATION_OUTCOME: { zh: (d) => requalificationOutcomeText(d, 'zh'), en: (d) => requalificationOutcomeText(d, 'en') },
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
  RETURN_NODE: { zh: (d) => `${node(d, 'zh')}节点退回`, en: (d) => `${node(d, 'en')} returned to the node before` },
  TERMINATE: { zh: (d) => withReason('认证已终止', d, '：'), en: (d) => withReason('Certification terminated', d, ': ') },
  FINISH: { zh: () => '认证流程完成', en: () => 'Certification flow finished' },
  ADMIT_SUPPLIER: { zh: (d) => `供应商准入，供应商编码：${d.supplierCode}`, en: (d) => `Supplier admitted with supplier code ${d.supplierCode}` },
  REASSIGN: { zh: (d) => reassigned(d, 'zh'), en: (d) => reassigned(d, 'en') },
  REVEAL_CONTACT: { zh: () => '查看联系人信息', en: () => 'Viewed the supplier contact details' },
  SAVE_NODE_FORM: { zh: (d) => `${node(d, 'zh')}保存`, en: (d) => `${node(d, 'en')} saved` },
  SUBMIT_NODE_FORM: { zh: (d) => `${node(d, 'zh')}提交`, en: (d) => `${node(d, 'en')} submitted` },
  SELF_INSPECTION_ISSUE: {
    zh: (d) => `下发自检清单：${dimension(d.dimensionCode, 'zh')}`,
    en: (d) => `Self-inspection checklist issued: ${dimension(d.dimensionCode, 'en')}`,
  },
  SELF_INSPECTION_SUBMIT: {
    zh: (d) => `供应商提交自检：${dimension(d.dimensionCode, 'zh')}，自评分${d.selfScore}`,
    en: (d) => `The supplier submitted the self-inspection: ${dimension(d.dimensionCode, 'en')}, self score ${d.selfScore}`,
  },
  SELF_INSPECTION_REJECT: {
    zh: (d) => withOpinion(`自检审核驳回：${dimension(d.dimensionCode, 'zh')}`, d, '，'),
    en: (d) => withOpinion(`Self-inspection rejected: ${dimension(d.dimensionCode, 'en')}`, d, '; opinion: '),
  },
  SELF_INSPECTION_APPROVE: {
    zh: (d) => withOpinion(`自检审核通过：${dimension(d.dimensionCode, 'zh')}`, d, '，'),
    en: (d) => withOpinion(`Self-inspection approved: ${dimension(d.dimensionCode, 'en')}`, d, '; opinion: '),
  },
  SYSTEM_CERT_EXPERTS: { zh: (d) => experts(d, 'zh'), en: (d) => experts(d, 'en') },
  SYSTEM_CERT_SCORE: {
    zh: (d) => `提交体系认证评分：${dimension(d.indexCode, 'zh')} ${d.score}分`,
    en: (d) => `System certification score submitted: ${dimension(d.indexCode, 'en')}, ${d.score} points`,
  },
  SAVE_HIGH_POTENTIAL: { zh: () => '保存高潜供应商申请', en: () => 'High-potential supplier application saved' },
  SUBMIT_HIGH_POTENTIAL: { zh: () => '提交高潜供应商申请审批', en: () => 'High-potential supplier application submitted for approval' },
  FINISH_TODO: { zh: (d) => `待办已完成：${d.todoName}`, en: (d) => `To-do done: ${d.todoName}` },
  APPROVAL_START: { zh: (d) => `提交${approval(d, 'zh')}（第${d.round}轮）`, en: (d) => `${approval(d, 'en')} requested (round ${d.round})` },
  APPROVAL_PASS: { zh: (d) => `${approval(d, 'zh')}通过`, en: (d) => `${approval(d, 'en')}: approved` },
  APPROVAL_REJECT: { zh: (d) => withReason(`${approval(d, 'zh')}驳回`, d, '：'), en: (d) => withReason(`${approval(d, 'en')}: rejected`, d, ': ') },
  APPROVAL_END: {
    zh: (d) => `${approval(d, 'zh')}${{ approved: '已完成', rejected: '已驳回', withdrawn: '已撤销（流程已结束）' }[String(d.outcome)] ?? ''}`,
    en: (d) => `${approval(d, 'en')} ${{ approved: 'finished', rejected: 'rejected', withdrawn: 'withdrawn (the flow ended)' }[String(d.outcome)] ?? ''}`,
  },
  TODO_REMINDED: {
    zh: (d) => `已提醒待办：${d.todoName}（负责人${d.principalName}）`,
    en: (d) => `To-do reminder sent: ${d.todoName} (principal ${d.principalName})`,
  },
  NODE_DUE_REMINDED: {
    zh: (d) => `${d.kind === 'OVERDUE' ? '已提醒节点逾期' : '已提醒节点即将到期'}：${node(d, 'zh')}（负责人${d.principalName}）`,
    en: (d) => `${d.kind === 'OVERDUE' ? 'Overdue reminder sent' : 'Due-time reminder sent'}: ${node(d, 'en')} (principal ${d.principalName})`,
  },
  NODE_ESCALATED: {
    zh: (d) => `节点超过时限，已上报CMT负责人${d.leaderName}：${node(d, 'zh')}（负责人${d.principalName}）`,
    en: (d) => `Time limit passed, escalated to CMT leader ${d.leaderName}: ${node(d, 'en')} (principal ${d.principalName})`,
  },
  // Supplier-code application and release form (req flow §4.5)
  SUPPLIER_CODE_APPLY: { zh: () => '发起供应商编码申请', en: () => 'Applied for a supplier code' },
  RELEASE_SAVE: { zh: () => '保存供应商发布信息', en: () => 'Saved the release form' },
  RELEASE_SUBMIT: { zh: () => '提交供应商编码审批', en: () => 'Submitted the supplier-code application for approval' },
  SUPPLIER_CODE_SWITCH: {
    zh: (d) => `切换为SAP已有供应商编码：${d.supplierCode}`,
    en: (d) => `Switched to the existing ERP supplier code ${d.supplierCode}`,
  },
  SUPPLIER_CODE_RELEASED: {
    zh: (d) => (d.source === 'OTHER' ? `沿用SAP已有供应商编码：${d.supplierCode}` : `SAP生成供应商编码：${d.supplierCode}`),
    en: (d) => (d.source === 'OTHER' ? `Kept the existing ERP supplier code ${d.supplierCode}` : `The ERP issued supplier code ${d.supplierCode}`),
  },
  SUPPLIER_CODE_REFUSED: {
    zh: (d) => `SAP处理失败：${d.message}`,
    en: (d) => `SAP processing failure message returned: ${d.message}`,
  },
};

export function describeHistory(action: string, detail: Detail | null, locale: Locale, stored: string): string {
  const render = TEMPLATES[action]?.[locale];
  return render?.(detail ?? {}) ?? stored;
}
