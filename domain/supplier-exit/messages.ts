import type { Locale } from '../i18n.ts';

/** Supplier exit (req exit §2.3, §7.2; docs/decisions/0032-supplier-exit.md): rule and server messages, zh and en. */
export const EXIT_MESSAGES = {
  chooseExitScope: { zh: '请选择退出范围', en: 'Please choose the exit scope' },
  chooseExitCategories: { zh: '请选择退出的品类', en: 'Please choose the categories to exit' },
  chooseExitCategory: { zh: '请选择退出类别', en: 'Please choose the exit category' },
  chooseExitTypes: { zh: '请选择退出类型', en: 'Please choose the exit types' },
  enterExitReason: { zh: '请输入退出原因', en: 'Please enter the reason for the exit' },
  exitCategoryNotAdmitted: { zh: '该供应商未准入或已淘汰的品类不能退出：{names}', en: 'These categories are not admitted or already eliminated: {names}' },
  exitAlreadyOpen: { zh: '该供应商已有进行中的退出申请：{flowNo}', en: 'This supplier already has an exit in progress: {flowNo}' },
  exitBlockedByRunningFlow: {
    zh: '该供应商有进行中的认证流程 {flowNo}，整体退出需等该流程结束或终止',
    en: 'The supplier has a certification flow in progress ({flowNo}); a whole-supplier exit must wait until it ends or is terminated',
  },
  exitSupplierInactive: { zh: '该供应商已停用，不能再发起退出', en: 'This supplier is already inactive; no exit can be started' },
  exitNotFound: { zh: '退出申请不存在', en: 'This exit application does not exist' },
  exitNotSponsor: { zh: '只有退出申请的发起人可以操作', en: 'Only the sponsor of this exit can do this' },
  exitNotDraft: { zh: '退出申请已提交，不能修改', en: 'This exit has been submitted and can no longer be changed' },
  exitNotPending: { zh: '退出申请当前不在审批中', en: 'This exit is not awaiting approval' },
  exitNotApprover: { zh: '只有该退出申请的审批人或管理员可以审批', en: "Only this exit's approver or an administrator can decide it" },
  exitOwnApproval: { zh: '不能审批自己发起的退出申请', en: 'You cannot decide an exit you started yourself' },
  exitApproverMissing: { zh: '找不到该品类CMT负责人，无法提交审批', en: "No CMT leader was found for these categories; the exit cannot be submitted" },
  exitTerminated: { zh: '退出申请已终止', en: 'The exit has been terminated' },
  exitDraftNotTerminable: { zh: '草稿未提交，请直接删除', en: 'A draft has not been submitted; delete it instead' },
  exitDraftDeleted: { zh: '草稿已删除', en: 'The draft has been deleted' },
  exitApproved: { zh: '审批通过', en: 'Approved' },
  exitRejected: { zh: '已驳回', en: 'Rejected' },
} as const satisfies Record<string, Record<Locale, string>>;
