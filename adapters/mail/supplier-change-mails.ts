import type { Locale } from '#domain/i18n.ts';
import { renderMail, type RenderedMail } from './templates-layout.ts';

/**
 * The mails of a supplier information change, in the recipient's language (a supplier's contacts in the
 * supplier's, a portal account and staff in their own). Values are escaped by the layout.
 */

const FOOTER: Record<Locale, string> = {
  zh: '此邮件由供应商管理平台自动发送，请勿直接回复。',
  en: 'This e-mail was sent automatically by the supplier management platform; please do not reply to it.',
};

/**
 * A bank change was submitted for the supplier: every contact on file is told, so a change made from a
 * hijacked account cannot go unseen. It names no account data (a mail can be read by the wrong person).
 */
export function bankChangeAlertMail(input: { supplierName: string; flowNo: string; submitterName: string; locale: Locale }): RenderedMail {
  const { supplierName, flowNo, submitterName, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `Bank account change requested for ${supplierName}`,
      greeting: 'Hello,',
      paragraphs: [
        `A change of the bank accounts of ${supplierName} was submitted on the supplier management platform. It takes effect only after two approvals by the purchasing side.`,
        'If you do not know of this change, contact your purchasing manager at once: the change can still be stopped.',
      ],
      facts: [
        ['Change number', flowNo],
        ['Submitted by', submitterName],
      ],
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `${supplierName} 银行账户变更申请提醒`,
    greeting: '您好：',
    paragraphs: [
      `供应商管理平台收到一项 ${supplierName} 的银行账户变更申请，须经采购方两位人员审批后才会生效。`,
      '如您不知晓此变更，请立即联系您的采购经理，变更仍可被阻止。',
    ],
    facts: [
      ['变更编号', flowNo],
      ['提交人', submitterName],
    ],
    footer: FOOTER.zh,
  });
}

/** The change came back to its submitter with the approver's reason. */
export function changeReturnedMail(input: { supplierName: string; flowNo: string; reason: string; link: string; locale: Locale }): RenderedMail {
  const { supplierName, flowNo, reason, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `Information change ${flowNo} returned`,
      greeting: 'Hello,',
      paragraphs: [`The information change of ${supplierName} was rejected and returned to you. You can correct it and submit it again, or cancel it.`],
      facts: [
        ['Change number', flowNo],
        ['Reason', reason],
      ],
      action: { label: 'Open the change', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `信息变更 ${flowNo} 已被驳回`,
    greeting: '您好：',
    paragraphs: [`${supplierName} 的信息变更已被驳回，您可以修改后重新提交，或撤销该变更。`],
    facts: [
      ['变更编号', flowNo],
      ['驳回原因', reason],
    ],
    action: { label: '查看变更', href: link },
    footer: FOOTER.zh,
  });
}

/** The change took effect in the supplier master. */
export function changeAppliedMail(input: { supplierName: string; flowNo: string; link: string; locale: Locale }): RenderedMail {
  const { supplierName, flowNo, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `Information change ${flowNo} approved`,
      greeting: 'Hello,',
      paragraphs: [`The information change of ${supplierName} was approved and now applies.`],
      facts: [['Change number', flowNo]],
      action: { label: 'Open the change', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `信息变更 ${flowNo} 已审批通过`,
    greeting: '您好：',
    paragraphs: [`${supplierName} 的信息变更已审批通过并生效。`],
    facts: [['变更编号', flowNo]],
    action: { label: '查看变更', href: link },
    footer: FOOTER.zh,
  });
}
