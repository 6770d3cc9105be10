import type { Locale } from '../i18n.ts';

/** Certificates of the supplier master, their validity and renewal: rule and server messages, zh and en. */
export const CERTIFICATE_MESSAGES = {
  enterValidFrom: { zh: '请输入生效日期', en: 'Please enter the date the certificate is valid from' },
  enterValidUntil: { zh: '请输入有效期至', en: 'Please enter the date the certificate is valid until' },
  certificateUntilBeforeFrom: { zh: '有效期至须晚于生效日期', en: 'The end of validity must be after its start' },
  certificateEndedAlready: { zh: '证书已过期，请上传有效的证书', en: 'This certificate has already ended; please upload a valid one' },
  certificateKindUnknown: { zh: '未知的证书类型：{kind}', en: 'Unknown certificate kind: {kind}' },
  certificateUndated: { zh: '该文件没有有效期，无需换证', en: 'This document has no validity to renew' },
  certificateNotFound: { zh: '证书不存在', en: 'The certificate does not exist' },
  certificateRenewalOpen: { zh: '该证书已有审批中的换证申请：{renewalNo}', en: 'A renewal of this certificate is already in approval: {renewalNo}' },
  certificateReplaced: { zh: '该证书已被新证书替换', en: 'This certificate has been replaced by a newer one' },
  renewalNotPending: { zh: '该换证申请不在审批中', en: 'This renewal is not waiting for approval' },
  renewalNotApprover: { zh: '只有供应商的采购经理可以审批换证申请', en: "Only the supplier's purchasing manager approves a renewal" },
  supplierCertificateBlocks: {
    zh: '该供应商的证书已过期：{names}，换证审批通过前不能扩充品类',
    en: "The supplier's certificates have ended: {names}; no expansion until their renewal is approved",
  },
  certificateApproverMissing: { zh: '该供应商没有可审批换证的采购经理', en: 'The supplier has no purchasing manager to approve the renewal' },
} as const satisfies Record<string, Record<Locale, string>>;
