import type { Locale } from '../i18n.ts';

/** The approval of a supplier information change (domain/supplier-change/approval.ts): its messages, zh and en. */
export const CHANGE_APPROVAL_MESSAGES = {
  enterChangeRejectReason: { zh: '请输入驳回原因', en: 'Please enter the reason for the rejection' },
  changeNotFound: { zh: '变更申请不存在', en: 'This change does not exist' },
  changeNotPending: { zh: '该变更当前不在审批中', en: 'This change is not awaiting a decision' },
  changeNotApprover: { zh: '只有当前步骤的审批人或管理员可以审批该变更', en: "Only the current step's approver or an administrator can decide this change" },
  changeOwnApproval: { zh: '不能审批自己提交的变更', en: 'You cannot approve a change you submitted yourself' },
  changeSecondApproverSame: {
    zh: '银行信息变更需两位不同人员审批，您已审批过第一步',
    en: 'A bank change needs two different approvers; you already approved the first step',
  },
  changeNotSubmitter: { zh: '只有提交人可以撤销该变更', en: 'Only the submitter can cancel this change' },
  changeNotInConflict: { zh: '该变更没有待处理的冲突', en: 'This change has no conflict to decide' },
  changeApproverMissing: { zh: '找不到该供应商的采购经理，无法提交审批', en: "The supplier's purchasing manager was not found; the change cannot be approved" },
  changeConflict: {
    zh: '供应商主数据在变更提交后已被修改，变更未生效，请选择覆盖生效或驳回',
    en: 'The supplier master changed after this change was submitted; it was not applied. Apply it over the newer data, or reject it',
  },
  changeBankPendingSecond: { zh: '银行信息变更已通过第一步审批，等待第二位审批人', en: 'Bank change approved once; waiting for the second approver' },
} as const satisfies Record<string, Record<Locale, string>>;
