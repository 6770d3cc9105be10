import type { Locale } from '../i18n.ts';

/** Supplier information change (req change §2.1, §2.2, §5.1, §5.2, §7.1): rule and server messages, zh and en. */
export const CHANGE_MESSAGES = {
  // Req change §5.1
  enterModifyReason: { zh: '请输入修改说明', en: 'Please enter the explanation of the change' },
  enterCompanyCode: { zh: '请输入公司代码', en: 'Please enter the company code' },
  enterReconcileAccount: { zh: '请输入统驭科目', en: 'Please enter the reconciliation account' },
  enterPaymentMethod: { zh: '请输入付款方式', en: 'Please enter the payment method' },
  chooseModifyType: { zh: '请选择修改类型', en: 'Please choose what to change' },
  purchaseNotForSupplier: { zh: '供应商不能查看或提交采购信息', en: 'Suppliers can neither see nor send purchase data' },
  // Bank changes
  newBankCertificateRequired: {
    zh: '新增或修改的银行账户须上传新的银行证明文件',
    en: 'An added or changed bank account needs a new bank certificate',
  },
  // Req change §5.2
  factoryMaxRows: { zh: '工厂数量不能超过{max}个', en: 'At most {max} factories' },
  factoryWithCodeNotDeletable: { zh: '已有工厂编码的工厂不能删除：{codes}', en: 'Factories with a factory code cannot be deleted: {codes}' },
  factoryStateProtected: { zh: '该工厂状态只有工厂管理员可以修改', en: "Only a factory administrator can change this factory's state" },
  factoryStateNotSelectable: { zh: '不能选择该工厂状态', en: 'This factory state cannot be chosen' },
  factoryAdminOnly: { zh: '只有工厂管理员可以修改已有工厂的此项', en: 'Only a factory administrator can change this for an existing factory' },
  factoryRemarkTotal: { zh: '备注总长度不能超过{max}个字符，本次最多还可输入{left}个字符', en: 'Remarks have at most {max} characters in total; {left} are left' },
  invalidCoordinate: { zh: '请输入有效的经纬度', en: 'Please enter a valid coordinate' },
  chooseCurrentCategories: { zh: '请选择本次准入品类', en: 'Please choose the categories of this admission' },
  factoryAddressNotFound: { zh: '未找到该地址的经纬度，请手动填写', en: 'No coordinates were found for this address; please enter them' },
  // Server
  changeNotFound: { zh: '变更记录不存在', en: 'This change does not exist' },
  changeAlreadyOpen: { zh: '该供应商已有进行中的信息变更：{flowNo}', en: 'This supplier already has a change in progress: {flowNo}' },
  changeNotEditable: { zh: '该变更已提交或已结束，不能修改', en: 'This change has been submitted or has ended and cannot be edited' },
  changeNotCancellable: { zh: '该变更当前不能取消', en: 'This change cannot be cancelled now' },
  changeForbidden: { zh: '无权操作该供应商的信息变更', en: "You may not change this supplier's information" },
  changeWrongSide: { zh: '该变更由另一方发起，请在其页面操作', en: 'This change was started on the other side; open it there' },
  supplierHasNoMaster: { zh: '该供应商没有主数据，不能发起变更', en: 'This supplier has no master record; no change can be started' },
  supplierInactive: { zh: '该供应商已停用，不能发起变更', en: 'This supplier is inactive; no change can be started' },
  changeApproverMissing: { zh: '找不到该供应商的采购经理，无法提交审批', en: "The supplier's purchasing manager was not found; the change cannot be submitted" },
  changeNotPending: { zh: '该变更当前不在审批中', en: 'This change is not awaiting approval' },
  changeNotApprover: { zh: '只有该审批步骤的审批人或管理员可以审批', en: "Only this step's approver or an administrator can decide it" },
  changeOwnApproval: { zh: '不能审批自己提交的变更', en: 'You cannot approve a change you submitted' },
  changeSecondApprover: { zh: '银行信息变更需两位不同的审批人', en: 'A bank change needs two different approvers' },
  changeNoConflict: { zh: '该变更没有待处理的冲突', en: 'This change has no conflict to decide' },
  changeMasterConflict: {
    zh: '提交后供应商主数据已被修改，请审批人确认是否仍然应用本次变更',
    en: "The supplier's master record changed after this change was submitted; the approver decides whether to apply it anyway",
  },
  enterChangeRejectReason: { zh: '请输入驳回原因', en: 'Please enter the reason for the rejection' },
  comparisonNotFound: { zh: '对比链接无效或已过期', en: 'This comparison link is invalid or has expired' },
  bankChangeRequested: { zh: '银行信息变更已提交', en: 'A bank change was requested' },
} as const satisfies Record<string, Record<Locale, string>>;
