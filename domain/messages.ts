import type { Locale } from './i18n.ts';
import { encodeWithParams, renderMessage } from './message-format.ts';
import { CHANGE_MESSAGES } from './supplier-change/messages.ts';
import { PERFORMANCE_MESSAGES } from './performance/messages.ts';
import { EXIT_MESSAGES } from './supplier-exit/messages.ts';
import { ANNOUNCEMENT_MESSAGES } from './announcement/messages.ts';
import { FEEDBACK_MESSAGES } from './feedback/messages.ts';
import { IDENTITY_MESSAGES } from './staff-identity/messages.ts';
import { ASSESSMENT_MESSAGES } from './assessment/messages.ts';
import { CERTIFICATE_MESSAGES } from './certificates/messages.ts';
import { REQUALIFICATION_MESSAGES } from './requalification/messages.ts';
import { CALENDAR_MESSAGES } from './calendar/messages.ts';
import { STANDARDS_MESSAGES } from './vda63/messages.ts';
import { DASHBOARD_MESSAGES } from './dashboard/messages.ts';

/**
 * Every rule message of the requirements, once, in both languages. Schemas in domain/ use the ids as their
 * zod messages; the server translates them for the response and the web for display, so the text
 * a user sees for a rule is the same wherever the rule is checked.
 * Built by a call marked pure, so that a bundle using only `withParams` or the types leaves the texts
 * out (the web loads one language's texts: web/rule-messages.ts).
 */
export const MESSAGES = /* @__PURE__ */ (() => ({
  required: { zh: '该项必填', en: 'This field is required' },
  invalidEmail: { zh: '请输入正确的邮箱地址', en: 'Please enter a valid e-mail address' },
  digitsOnly: { zh: '只能输入数字', en: 'Digits only' },
  maxLength: { zh: '长度不能超过{max}个字符', en: 'At most {max} characters' },
  invalidValue: { zh: '取值无效', en: 'Invalid value' },
  enterAreaCode: { zh: '请输入区号', en: 'Please enter the area code' },
  enterPhone: { zh: '请输入联系电话', en: 'Please enter the phone number' },
  phoneTooLong: { zh: '联系电话不能超过{max}位', en: 'The phone number has at most {max} digits' },
  // Apply drawer (req flow §5.1)
  duplicateCreditCodeSupplier: {
    zh: '该统一社会信用代码已属于准入供应商 {name}（供应商编码 {code}），请通过扩充品类申请',
    en: 'This credit code belongs to the admitted supplier {name} (supplier code {code}); apply for a category expansion instead',
  },
  duplicateCreditCodeFlow: {
    zh: '该统一社会信用代码已有进行中的认证流程 {flowNo}（{name}）',
    en: 'A certification flow of this credit code is in progress: {flowNo} ({name})',
  },
  enterDuplicateReason: { zh: '已有名称相近或已退出的供应商，请填写继续申请的理由', en: 'Similar or exited suppliers exist: please say why this application goes on' },
  enterSupplierName: { zh: '请输入供应商名称', en: 'Please enter the supplier name' },
  chooseCategories: { zh: '请选择品类', en: 'Please choose the categories' },
  chooseCmt: { zh: '请选择CMT', en: 'Please choose the CMT' },
  chooseScenario: { zh: '请选择认证场景', en: 'Please choose the certification scenario' },
  enterApplyReason: { zh: '请输入申请原因', en: 'Please enter the reason' },
  chooseRecommender: { zh: '请选择推荐人', en: 'Please choose the recommender' },
  enterContactName: { zh: '请输入联系人姓名', en: 'Please enter the contact name' },
  enterContactEmail: { zh: '请输入联系人邮箱', en: "Please enter the contact's e-mail" },
  unknownScenario: { zh: '认证场景不存在或不适用于此申请类型', en: 'This scenario does not exist or does not fit this kind of application' },
  unknownCmt: { zh: 'CMT不存在', en: 'This CMT does not exist' },
  categoryNotSelectable: { zh: '所选品类不存在、不是小类或已停用', en: 'A chosen category does not exist, is not a small category or is disabled' },
  unknownStaff: { zh: '人员不存在', en: 'This person does not exist' },
  // Expand apply (req flow §2.2, §5.1)
  chooseSupplier: { zh: '请选择供应商', en: 'Please choose the supplier' },
  unknownSupplier: { zh: '供应商不存在或已停用', en: 'This supplier does not exist or is disabled' },
  notSupplierContact: { zh: '请选择该供应商的联系人', en: "Please choose one of the supplier's contacts" },
  contactEmailMismatch: { zh: '邮箱须为所选联系人的邮箱', en: "The e-mail must be the chosen contact's e-mail" },
  categoryAlreadyAccessed: { zh: '该供应商已准入品类：{names}', en: 'The supplier is already accessed for: {names}' },
  admittedFactoryLocked: { zh: '已准入的工厂不能删除：{codes}', en: 'Admitted factories cannot be removed: {codes}' },
  // Admission at the end of a flow (stage 90)
  admissionNeedsSupplierCode: { zh: '供应商编码尚未生成，无法准入', en: 'The supplier has no supplier code yet and cannot be admitted' },
  admissionFormIncomplete: { zh: '供应商发布信息不完整，无法准入', en: 'The release form is incomplete; the supplier cannot be admitted' },
  supplierCodeOfAnotherSupplier: { zh: '供应商编码{code}已属于其他供应商', en: 'Supplier code {code} belongs to another supplier' },
  // Login (req rfi §5)
  enterEmail: { zh: '请输入用户名', en: 'Please enter the e-mail' },
  enterCode: { zh: '请输入密码', en: 'Please enter the verification code' },
  codeFormat: { zh: '验证码为6位数字', en: 'The code has 6 digits' },
  agreePrivacy: { zh: '请阅读并同意隐私声明', en: 'Please read and accept the privacy notice' },
  invalidLink: { zh: '链接无效或已过期', en: 'This link is invalid or has expired' },
  wrongCode: { zh: '验证码错误', en: 'Wrong verification code' },
  codeNotSent: { zh: '请先获取验证码', en: 'Please request a verification code first' },
  codeExpired: { zh: '验证码已过期，请重新获取', en: 'The verification code has expired; please request a new one' },
  codeUsed: { zh: '验证码已使用，请重新获取', en: 'The verification code has been used; please request a new one' },
  codeTooManyAttempts: { zh: '验证码错误次数过多，请重新获取', en: 'Too many wrong codes; please request a new one' },
  resendWait: { zh: '{seconds}秒后重新获取', en: 'Request again in {seconds} s' },
  captchaRequired: { zh: '请完成安全验证', en: 'Please complete the security check' },
  captchaWrong: { zh: '安全验证码错误', en: 'Wrong security code' },
  loginThrottled: { zh: '登录失败次数过多，请{seconds}秒后再试', en: 'Too many failed logins; please try again in {seconds} s' },
  loginThrottledMinutes: { zh: '登录失败次数过多，请{minutes}分钟后再试', en: 'Too many failed logins; please try again in {minutes} min' },
  // Column chooser of the staff lists (req shell §2.6)
  unknownList: { zh: '列表不存在', en: 'This list does not exist' },
  unknownColumn: { zh: '该列表没有此列', en: 'This list has no such column' },
  fixedColumn: { zh: '此列不能隐藏', en: 'This column cannot be hidden' },
  // Uploads (req rfi §5, req flow §5.14)
  fileTooLarge: { zh: '上传文件不能超过30M', en: 'The file must not exceed 30 MB' },
  fileTypeNotAllowed: { zh: '不支持的文件类型', en: 'This file type is not allowed' },
  fileMissing: { zh: '请选择文件', en: 'Please choose a file' },
  fileEmpty: { zh: '不能上传空文件', en: 'The file is empty' },
  uploadQuotaExceeded: { zh: '上传文件总量已达上限（500M），请联系采购经理', en: 'Your uploads have reached their limit (500 MB); please contact your purchasing manager' },
  uploadRateExceeded: { zh: '上传过于频繁，请稍后再试', en: 'Too many uploads; please try again later' },
  // RFI questionnaire (req rfi §5)
  enterCompanyChineseName: { zh: '请输入公司中文名称', en: 'Please enter the company name in Chinese' },
  uploadBusinessLicense: { zh: '请上传营业执照', en: 'Please upload the business licence' },
  chooseCompanyType: { zh: '请选择公司类型', en: 'Please choose the company type' },
  chooseCountryRegion: { zh: '请选择国家和地区', en: 'Please choose the country or region' },
  chooseProvince: { zh: '请选择省', en: 'Please choose the province' },
  fillCity: { zh: '请填写市', en: 'Please fill in the city' },
  fillAddress: { zh: '请填写详细地址', en: 'Please fill in the detailed address' },
  postalCodeLength: { zh: '请输入正确长度的邮政编码', en: 'Please enter a postal code of the correct length' },
  creditCodeMainland: { zh: '统一社会信用代码', en: 'Unified social credit code' },
  chooseCertifiedRegion: { zh: '请选择认证区域', en: 'Please choose the certification region' },
  enterCreditCode: { zh: '请输入统一社会信用代码或商业登记号', en: 'Please enter the unified social credit code or registration number' },
  creditCodeInvalid: {
    zh: '统一社会信用代码应为18位，且校验位正确（GB 32100-2015）',
    en: 'A unified social credit code has 18 characters and a valid check character (GB 32100-2015)',
  },
  creditCodeOther: { zh: '商业登记号/邓白氏编码', en: 'Business registration number / D-U-N-S number' },
  companyPhoneFormat: { zh: '电话号码只能以+开头，其余为数字', en: 'The phone number may start with + and otherwise has digits only' },
  dateInFuture: { zh: '日期不能晚于今天', en: 'The date cannot be in the future' },
  invalidDate: { zh: '请输入正确的日期（yyyy-MM-dd）', en: 'Please enter a valid date (yyyy-MM-dd)' },
  invalidNumber: { zh: '请输入数字', en: 'Please enter a number' },
  integerOnly: { zh: '请输入整数', en: 'Please enter a whole number' },
  minValue: { zh: '不能小于{min}', en: 'Must be at least {min}' },
  maxValue: { zh: '不能大于{max}', en: 'Must be at most {max}' },
  maxDecimals: { zh: '最多{scale}位小数', en: 'At most {scale} decimal places' },
  minRows: { zh: '至少填写{min}行', en: 'Rows needed: at least {min}' },
  maxRows: { zh: '最多{max}行', en: 'Rows allowed: at most {max}' },
  duplicateRow: { zh: '不能重复：{code}', en: 'Appears twice: {code}' },
  chooseHold: { zh: '请选择是否持有', en: 'Please choose whether you hold it' },
  uploadFile: { zh: '请上传文件', en: 'Please upload the file' },
  certificateMissing: { zh: '缺少必填证书：{type}', en: 'The required certificate {type} is missing' },
  enterBaseName: { zh: '请输入制造基地名称', en: 'Please enter the manufacturing base name' },
  enterFactoryArea: { zh: '请输入工厂占地', en: 'Please enter the site area' },
  enterConstructionArea: { zh: '请输入建筑面积', en: 'Please enter the floor area' },
  enterEmployeeCount: { zh: '请输入员工人数', en: 'Please enter the number of employees' },
  enterTotalUtilizationRate: { zh: '请输入总稼动率', en: 'Please enter the total utilisation rate' },
  enterShift: { zh: '请输入班次', en: 'Please enter the shifts' },
  enterMainProduct: { zh: '请输入主要产品', en: 'Please enter the main products' },
  enterTargetProductLine: { zh: '请输入目标产品线', en: 'Please enter the product line' },
  enterCustomerRequireMin: { zh: '请输入客户要求最低', en: "Please enter the customer's minimum requirement" },
  enterCustomerRequireMax: { zh: '请输入客户要求最高', en: "Please enter the customer's maximum requirement" },
  enterInternalGoalsAverage: { zh: '请输入内部目标平均', en: 'Please enter the internal average target' },
  enterActualPerformanceMin: { zh: '请输入实际表现最低', en: 'Please enter the lowest actual performance' },
  enterActualPerformanceMax: { zh: '请输入实际表现最高', en: 'Please enter the highest actual performance' },
  minAboveMax: { zh: '最低值不能大于最高值', en: 'The minimum cannot exceed the maximum' },
  enterWarrantyYear: { zh: '请输入三包（质保）年', en: 'Please enter the warranty period in years' },
  enterWarrantyKilometer: { zh: '请输入三包（质保）万公里', en: 'Please enter the warranty mileage in 10,000 km' },
  iptvGroupOfThree: { zh: 'IPTV数据须按3MIS、6MIS、9MIS三行一组填写', en: 'IPTV rows come in groups of three: 3, 6 and 9 MIS' },
  // Node attachments (req flow §5.4–§5.9)
  uploadAttachments: { zh: '请上传附件', en: 'Please upload attachments' },
  tooManyFiles: { zh: '最多上传{max}个文件', en: 'At most {max} files' },
  unknownFile: { zh: '文件不存在，请重新上传', en: 'This file does not exist; please upload it again' },
  duplicateExampleType: { zh: '示例类型不能重复', en: 'Each example type may appear only once' },
  // Self-inspection (req flow §4.7, §5.3, §5.4)
  uploadActualTemplate: { zh: '请上传实际模版', en: 'Please upload the actual template' },
  chooseAuditConclusion: { zh: '请选择审核结论', en: 'Please choose the audit conclusion' },
  enterAuditOpinion: { zh: '请输入审核意见', en: 'Please enter the audit opinion' },
  enterSelfScore: { zh: '请输入自评分', en: 'Please enter the self score' },
  // Aptitude, meeting conclusions, sample certification (req flow §5.5, §5.6, §5.9)
  enterSummary: { zh: '请输入概述', en: 'Please enter the summary' },
  uploadAptitudeFile: { zh: '请上传资质匹配文件', en: 'Please upload the qualification matching file' },
  chooseMeetingConclusion: { zh: '请选择上会结论', en: 'Please choose the meeting conclusion' },
  chooseConclusion: { zh: '请选择结论', en: 'Please choose the conclusion' },
  enterDescription: { zh: '请输入描述', en: 'Please enter the description' },
  chooseTransferee: { zh: '请选择转办人', en: 'Please choose the person to transfer to' },
  // System certification (req flow §4.8, §5.8, §6)
  chooseAllExperts: { zh: '请选择所有评审专家', en: 'Please choose all review experts' },
  chooseExpertConclusion: { zh: '请选择专家组结论', en: "Please choose the expert panel's conclusion" },
  onlyQualityExpertCompletes: { zh: '只有质量评审专家可以点击', en: 'Only the quality review expert can click' },
  onlyPurchaseManagerCompletes: { zh: '只有采购经理可以点击', en: 'Only the purchasing manager can click' },
  // KCP2, its to-dos and the high-potential application (req flow §4.4, §5.6, §5.7, §8)
  highPotentialInProgress: {
    zh: '高潜供应商申请流程正在进行中，流程完成后才能完成当前节点任务！',
    en: 'The high-potential supplier application is in progress; the node can be completed once it has finished!',
  },
  supplierCodeRejected: {
    zh: '供应商编码申请已被驳回：请修改发布表单并重新提交，通过后才能完成当前节点！',
    en: 'The supplier-code application was rejected: correct the release form and submit it again; the node can be completed once it is approved!',
  },
  supplierCodeInProgress: {
    zh: '供应商编码申请流程正在进行中，流程完成后才能完成当前节点任务！',
    en: 'The supplier-code application is in progress; the node can be completed once it has finished!',
  },
  enterTodoName: { zh: '请输入待办事项', en: 'Please enter the to-do' },
  chooseTodoPrincipal: { zh: '请选择责任人', en: 'Please choose the person responsible' },
  chooseCloseDate: { zh: '请选择完成时间', en: 'Please choose the close date' },
  invalidDateTime: { zh: '请输入正确的时间（yyyy-MM-dd HH:mm:ss）', en: 'Please enter a valid date and time (yyyy-MM-dd HH:mm:ss)' },
  closeDateTooEarly: { zh: '完成时间不能早于昨天', en: 'The close date cannot be before yesterday' },
  todoDoneLocked: { zh: '已完成的待办不能修改或删除', en: 'A done to-do can be neither changed nor removed' },
  todoNotFound: { zh: '待办不存在', en: 'This to-do does not exist' },
  notTodoPrincipal: { zh: '只有待办责任人可以完成该待办', en: 'Only the person responsible for this to-do can mark it done' },
  todoFinished: { zh: '待办已完成', en: 'To-do done' },
  fillTodoAndUploadConclusion: {
    zh: '请填写待办事项，并上传高潜供应商结论附件！',
    en: 'Please fill in the to-dos and upload the high-potential supplier conclusion attachments!',
  },
  highPotentialNotChosen: {
    zh: '上会结论为高潜供应商准入时才能申请高潜供应商',
    en: 'A high-potential application needs the saved meeting conclusion "access as high-potential supplier"',
  },
  highPotentialLocked: {
    zh: '高潜供应商申请审批中或已通过，不能修改',
    en: 'The high-potential application is being approved or has been approved; it can no longer be changed',
  },
  highPotentialConclusionLocked: {
    zh: '高潜供应商申请已提交审批，上会结论不能改为其他结论',
    en: 'The high-potential application has been submitted for approval; the meeting conclusion can no longer change',
  },
  // Publicity: objections and the node's actions (req flow §4.6, §5.10, §6)
  enterObjection: { zh: '请输入异议说明', en: 'Please describe the objection' },
  objectionTooLong: { zh: '请控制字数在50以内', en: 'Please keep it within 50 characters' },
  chooseProposer: { zh: '请选择提出人', en: 'Please choose who raised it' },
  selectRowToDelete: { zh: '请选择要删除的行', en: 'Please select the rows to delete' },
  publicityNotInProgress: { zh: '公示节点未在进行中', en: 'The publicity node is not in progress' },
  publicityOwnerOnly: { zh: '只有公示任务负责人可以操作', en: 'Only the owner of the publicity task can do this' },
  noPublicityPushKey: { zh: '您没有推送公示的权限', en: 'You do not have the permission to push the publicity notice' },
  publicityPushed: { zh: '本期公示已推送', en: 'This publicity period has already been pushed' },
  // Approvals of the flow's applications (req flow §2.4, §5.2)
  approvalNotPending: { zh: '该审批已处理', en: 'This approval has already been decided' },
  notPendingApprover: { zh: '只有当前审批人可以审批', en: 'Only the approver whose turn it is can decide' },
  reasonRequired: { zh: '请输入驳回原因', en: 'Please enter the reason for the rejection' },
  approvalOwnSubmission: { zh: '不能审批自己提交的申请', en: 'You cannot approve an application you submitted' },
  approvalSecondApprover: { zh: '同一审批的各步须由不同的人审批', en: 'Each step of this approval must be decided by a different person' },
  approvalInProgress: { zh: '该申请的审批正在进行中', en: 'The approval of this application is already in progress' },
  approverMissing: {
    zh: '该流程没有{roleZh}，无法发起审批，请先调整负责人',
    en: 'The flow has no {roleEn} to approve it; please assign one with "adjust owner" first',
  },
  applicationMissing: { zh: '请先保存申请再提交审批', en: 'Please save the application before submitting it for approval' },
  rejectReasonTooLong: { zh: '驳回原因不能超过{max}个字符', en: 'The reason for the rejection has at most {max} characters' },
  approvalWithdrawn: { zh: '认证流程已结束，审批已撤销', en: 'The certification flow ended; the approval was withdrawn' },
  // Release form and supplier code (req flow §4.5, §5.12)
  releaseFormInvalid: { zh: '表单存在未填写/填写错误，请滑动表单检查并修改', en: 'The form has missing or wrong entries; please scroll through it and correct them' },
  keepDefaultBankAccount: { zh: '请至少保留一个默认账号', en: 'Please keep at least one default account' },
  oneDefaultBankAccount: { zh: '只能设置一个默认账号', en: 'Only one account can be the default' },
  bankAccountNameReason: {
    zh: '银行信息中账户名称和公司名称不一致，请填写账户名称不一致理由',
    en: 'The account name differs from the company name; please give the reason',
  },
  invalidIban: { zh: 'IBAN格式或校验位不正确', en: 'This IBAN is not valid (format or check digits)' },
  invalidBic: { zh: 'BIC格式不正确', en: 'This BIC is not valid' },
  invalidSwiftOrCnaps: {
    zh: '请填写8位或11位SWIFT代码（BIC），或12位数字联行号',
    en: 'Enter an 8- or 11-character SWIFT code (BIC) or a 12-digit CNAPS bank code',
  },
  duplicateBankAccount: { zh: '该银行账号已填写过', en: 'This bank account has already been entered' },
  effectivePurchaseOrgsRequired: { zh: '已生效的采购组织 {codes} 必填!', en: 'The purchasing organisations already in effect, {codes}, are required!' },
  uploadHighPotentialConclusion: { zh: '请上传高潜供应商结论附件', en: 'Please upload the high-potential supplier conclusion files' },
  supplierCodeUnavailable: {
    zh: '当前不能申请供应商编码：需高潜供应商申请审批完成，且供应商生命周期为正常',
    en: 'A supplier code cannot be applied for now: the high-potential application must be approved and the supplier in its normal life cycle',
  },
  releaseNotStarted: { zh: '供应商编码申请尚未发起', en: 'No supplier-code application has been started' },
  releaseReadOnly: { zh: '发布信息已提交或已审批，不能修改', en: 'The release form has been submitted or approved and cannot be changed' },
  confirmOverwrite: { zh: '切换供应商编码将覆盖或丢失当前信息，请确认', en: 'Switching the supplier code overwrites or loses information; please confirm' },
  erpVendorNotFound: { zh: 'SAP中没有该信用代码下此编码的供应商', en: 'The ERP has no vendor with this code for the credit code' },
  releaseNotSubmitted: { zh: '发布信息尚未提交审批', en: 'The release form has not been submitted for approval' },
  releaseCodeNotObtained: {
    zh: '尚未获得供应商编码，不能确认发布：请先提交供应商编码申请，审批通过且ERP生成编码后再确认',
    en: 'The release cannot be confirmed before the supplier code is obtained: submit the supplier-code application; confirm once it is approved and the ERP has given the code',
  },
  // Flow list row actions (req flow §2.1, §4.1, §5.13): the reasons a disabled action shows, and the write's refusal
  flowEnded: { zh: '流程已结束', en: 'The flow has ended' },
  cannotTerminateHere: { zh: '流程当前阶段不能终止', en: 'The flow cannot be terminated at this stage' },
  notFlowPurchaseManager: { zh: '只有该流程的采购经理可以终止认证', en: "Only this flow's purchasing manager can terminate it" },
  notYourResponsibility: { zh: '无权调整该负责人', en: 'You may not reassign this responsibility' },
  flowNotOpen: { zh: '该流程未开启，无法进入详情', en: 'This flow has not started; its detail cannot be opened' },
  noTerminationKey: { zh: '您没有终止认证的权限', en: 'You do not have the permission to terminate certifications' },
  noOperationLogKey: { zh: '您没有查看操作日志的权限', en: 'You do not have the permission to view the operation log' },
  // ERP (req flow §4.5, §7.9)
  erpMaxLength: { zh: 'SAP最多接受{max}个字符', en: 'The ERP accepts at most {max} characters' },
  erpInvalidValue: { zh: 'SAP不接受该值的格式', en: 'The ERP does not accept this value as written' },
  erpRefused: { zh: 'SAP processing failure message returned: {message}', en: 'SAP processing failure message returned: {message}' },
  // Scenario configuration (req scenario §2.5, §7.4; docs/decisions/)
  scenarioStageOrder: { zh: '节点须按阶段顺序排列', en: 'Nodes must follow the order of the stages' },
  scenarioStartRfiFirst: { zh: 'START和RFI须为前两个节点', en: 'START and RFI must be the first two nodes' },
  scenarioReleaseLast: { zh: 'RELEASE须为最后一个节点', en: 'RELEASE must be the last node' },
  scenarioDuplicateNode: { zh: '节点{node}重复', en: 'Node {node} appears twice' },
  scenarioNodeNotAllowed: { zh: '该场景类型不能包含节点{node}', en: 'This scenario type cannot have node {node}' },
  scenarioNodeMissing: { zh: '缺少必需节点{node}', en: 'The mandatory node {node} is missing' },
  scenarioNodeRequired: { zh: '节点{node}不能设为可选', en: 'Node {node} cannot be optional' },
  scenarioKcpFlag: { zh: '只有KCP1和KCP2是KCP节点', en: 'Only KCP1 and KCP2 are KCP nodes' },
  scenarioKcpPlace: { zh: 'KCP1须为第一阶段的最后一个节点', en: 'KCP1 must be the last node of stage 1' },
  scenarioDueDays: { zh: '办理时限须为1至{max}个工作日（发起和公示节点无时限）', en: 'The due time is 1 to {max} working days (none for START and PUBLICITY)' },
  scenarioPublicityRange: { zh: '公示期须在1分钟至30天之间', en: 'The publicity period must be between one minute and 30 days' },
  scenarioDimensionTwice: { zh: '检查维度重复', en: 'This dimension appears twice' },
  scenarioDimensionsNeeded: {
    zh: '含自检或体系认证节点时至少需要一个检查维度',
    en: 'A plan with self-inspection or system certification needs at least one dimension',
  },
  scenarioInUse: { zh: '该场景有进行中的认证流程（{count}个），不能删除', en: 'This scenario has {count} running certification flow(s) and cannot be deleted' },
  scenarioTypeFixed: { zh: '场景已应用，不能修改场景类型', en: 'The scenario has been applied; its type cannot change' },
  scenarioRetired: { zh: '该场景已停用，不能修改', en: 'This scenario has been retired and cannot be changed' },
  scenarioVersionUnknown: { zh: '该版本不存在', en: 'This version does not exist' },
  ...EXIT_MESSAGES,
  ...CHANGE_MESSAGES,
  ...ANNOUNCEMENT_MESSAGES,
  ...FEEDBACK_MESSAGES,
  ...IDENTITY_MESSAGES,
  ...ASSESSMENT_MESSAGES,
  ...PERFORMANCE_MESSAGES,
  ...CERTIFICATE_MESSAGES,
  ...REQUALIFICATION_MESSAGES,
  ...CALENDAR_MESSAGES,
  ...STANDARDS_MESSAGES,
  ...DASHBOARD_MESSAGES,
}) as const satisfies Record<string, Record<Locale, string>>)();

export type MessageId = keyof typeof MESSAGES;

export function isMessageId(value: string): value is MessageId {
  return Object.hasOwn(MESSAGES, value);
}

/** A zod message carrying parameters is encoded as `id|{"max":20}`. */
export function withParams(id: MessageId, params: Record<string, string | number>): string {
  return encodeWithParams(id, params);
}

const textsOf: Partial<Record<Locale, Record<MessageId, string>>> = {};

/** One language's text of every message (id → text): what the web loads with that language's catalog. */
export function messageTexts(locale: Locale): Record<MessageId, string> {
  return (textsOf[locale] ??= Object.fromEntries(Object.entries(MESSAGES).map(([id, texts]) => [id, texts[locale]])) as Record<MessageId, string>);
}

/** How long a refused login must wait, as its message says it: seconds under two minutes, else whole minutes. */
export function loginWaitMessage(seconds: number): string {
  return seconds < 120 ? withParams('loginThrottled', { seconds }) : withParams('loginThrottledMinutes', { minutes: Math.ceil(seconds / 60) });
}

export function translate(message: string, locale: Locale): string {
  return renderMessage(message, messageTexts(locale));
}
