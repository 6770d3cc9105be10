import type { Locale } from '#domain/i18n.ts';
import { isMessageId, translate } from '#domain/messages.ts';

/** Messages only the server says (envelope errors); rule messages live in domain/messages.ts. */
const SERVER_MESSAGES: Record<string, Record<Locale, string>> = {
  invalidInput: { zh: '输入有误，请检查标出的字段', en: 'Some fields are invalid; please check them' },
  unauthenticated: { zh: '登录已失效，请重新登录', en: 'Your session has ended; please log in again' },
  forbidden: { zh: '暂无业务请求权限', en: 'You have no permission for this request' },
  notFound: { zh: '请求的资源不存在', en: 'Not found' },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  systemError: { zh: '系统错误', en: 'System error' },
  serviceUnavailable: { zh: '服务暂不可用，请稍后再试', en: 'The service is unavailable; please try again later' },
  badCredentials: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  uploadOneFile: { zh: '一次只能上传一个文件', en: 'Upload one file at a time' },
  malformedJson: { zh: '请求体不是有效的JSON', en: 'The request body is not valid JSON' },
  methodNotAllowed: { zh: '该地址不支持此请求方法', en: 'This address does not accept this method' },
  crossSiteRefused: { zh: '请求来自其他网站，已拒绝', en: 'Refused: this request came from another site' },
  unstorableText: { zh: '包含不允许的字符（空字符或残缺字符）', en: 'Contains a character that is not allowed (NUL or a broken character)' },
  nestedTooDeep: { zh: '数据嵌套层级过深', en: 'Nested too deeply' },
  // Request keys (api/http/request-keys.ts): the Idempotency-Key header of a write
  invalidRequestKey: { zh: '请求标识（Idempotency-Key）格式无效', en: 'The Idempotency-Key header is not valid' },
  requestKeyReused: {
    zh: '该请求标识（Idempotency-Key）已用于另一个请求，请勿复用',
    en: 'This Idempotency-Key was already used for a different request; do not reuse it',
  },
  // A write the workflow engine has accepted and still carries out (202, adapters/temporal/engine-calls.ts)
  writePending: { zh: '已提交，正在处理', en: 'Submitted, being processed' },
  requestInFlight: { zh: '同一请求（Idempotency-Key）仍在处理中，请稍后重试', en: 'The request with this Idempotency-Key is still being processed; please retry shortly' },
  // RFI questionnaire and its reviews (req rfi §4, §8; req flow §2.4)
  rfiReadOnly: { zh: '问卷已提交，当前不可修改', en: 'The questionnaire has been submitted and cannot be changed now' },
  staleVersion: { zh: '数据已在别处修改，请刷新后重试', en: 'This was changed elsewhere; please reload and try again' },
  rfiIncomplete: { zh: '问卷有未填写或不正确的内容，请检查', en: 'The questionnaire has missing or invalid answers; please check them' },
  notExpandFlow: { zh: '该问卷不是扩品类申请，不能在此修改', en: 'This questionnaire is not a category expansion and cannot be changed here' },
  operationSuccess: { zh: '操作成功', en: 'Done' },
  notTaskPrincipal: { zh: '只有任务负责人可以操作', en: 'Only the task owner can do this' },
  notReviewTask: { zh: '该任务不是审核任务', en: 'This task is not a review task' },
  taskNotCurrent: { zh: '该任务已不是当前任务', en: 'This task is no longer the current one' },
  flowNotFound: { zh: '流程不存在', en: 'This flow does not exist' },
  flowRefused: { zh: '流程当前不接受此操作', en: 'The flow does not accept this action now' },
  // Refusals of the workflow's update validators (REFUSAL of workflows/definitions.ts)
  nodeNotInProgress: { zh: '该节点当前未在进行中', en: 'This node is not in progress' },
  notInRfiReview: { zh: 'RFI当前不在审核中', en: 'The RFI is not under review' },
  reviewAlreadyDecided: { zh: '该审核已处理', en: 'This review has already been decided' },
  rfiCompletesByReview: { zh: 'RFI节点需通过审核完成', en: 'The RFI node completes through its reviews' },
  publicityCompletesByTimer: { zh: '公示期结束后自动完成', en: 'Publicity completes by itself when its period ends' },
  rfiAlreadySubmitted: { zh: '问卷已提交，不能重新发送', en: 'The questionnaire has been submitted; the link cannot be re-issued' },
  flowTerminated: { zh: '认证已终止', en: 'The certification has been terminated' },
  adjusted: { zh: '调整成功', en: 'Adjusted' },
  nodeFinished: { zh: '该节点已完成，数据不可修改', en: 'This node is finished; its data can no longer be changed' },
  nodeNotOptional: { zh: '该节点为必做节点，须完成节点任务', en: 'This node is required; complete its task work first' },
  nothingToReassign: { zh: '没有需要调整的负责人', en: 'There is no responsibility to reassign' },
  cannotRevertHere: { zh: '当前节点不能退回', en: 'This node cannot be returned now' },
  reverted: { zh: '退回成功', en: 'Returned' },
  // Flow progress page (req flow §2.3)
  contactRevealForbidden: { zh: '无权查看联系人信息', en: 'You may not view the contact details' },
  // Self-inspection (req flow §4.7)
  selfInspectionWrongStatus: { zh: '该自检项当前状态不允许此操作，请刷新后重试', en: 'This self-inspection item does not allow this in its current state; please reload' },
  selfInspectionNeedsRole: {
    zh: '您的账号缺少供应商准入协同角色，无法提交自检结论，请联系采购经理开通',
    en: 'Your account lacks the supplier access collaboration role needed to submit the self-inspection; please ask your purchasing manager to grant it',
  },
  selfInspectionNotAllApproved: { zh: '自检项尚未全部审核通过', en: 'Not every self-inspection item has been approved yet' },
  selfInspectionSubmitted: { zh: '提交成功', en: 'Submitted' },
  // Node screens: aptitude, meeting conclusions, sample certification (req flow §4.9, §8)
  submitted: { zh: '提交成功', en: 'Submitted' },
  saved: { zh: '保存成功', en: 'Saved' },
  requalificationStarted: { zh: '再认证已发起', en: 'Requalification started' },
  deleted: { zh: '删除成功', en: 'Deleted' },
  // Scenario configuration (req scenario §2.5)
  scenarioApplied: { zh: '已应用，新发起的流程将使用此版本', en: 'Applied: new flows get this version' },
  scenarioDeleted: { zh: '删除成功', en: 'Deleted' },
  scenarioRetiredDone: { zh: '该场景已有流程使用，已停用（历史保留）', en: 'Flows have used this scenario: it was retired and its history kept' },
  transferred: { zh: '转办成功', en: 'Transferred' },
  cannotTransfer: { zh: '无权转办该节点', en: 'You may not transfer this node' },
  // System certification (req flow §4.8, §5.8, §6)
  systemCertNotPurchaseManager: { zh: '只有采购经理可以选择评审专家', en: 'Only the purchasing manager can choose the review experts' },
  systemCertExpertsLocked: { zh: '已有专家提交评分，不能再调整评审专家', en: 'An expert has already submitted scores; the review experts can no longer be changed' },
  systemCertNotYourItem: { zh: '只有该维度的评审专家可以评分', en: 'Only the review expert of this dimension can score it' },
  systemCertNotAllScored: { zh: '还有评审专家未提交评分，全部提交后才能完成', en: 'Not every review expert has submitted scores yet; the node can be completed once all have' },
  systemCertSaved: { zh: '保存成功', en: 'Saved' },
  systemCertSubmitted: { zh: '提交成功', en: 'Submitted' },
};

export function serverMessage(message: string, locale: Locale): string {
  if (isMessageId(message.split('|')[0])) return translate(message, locale);
  return SERVER_MESSAGES[message]?.[locale] ?? message;
}
