import type { Locale } from '#domain/i18n.ts';
import { renderMail, type RenderedMail } from '#adapters/mail/templates-layout.ts';

/** The self-inspection notices (spec 2 §4.7): to the supplier in the flow's language, to staff in zh. */

const FOOTER: Record<Locale, string> = {
  zh: '此邮件由供应商管理平台自动发送，请勿直接回复。',
  en: 'This e-mail was sent automatically by the supplier management platform; please do not reply to it.',
};

/** A checklist was issued to the supplier, or returned to it with the auditor's opinion. */
export function checklistToSupplierMail(input: {
  supplierName: string;
  dimension: string;
  link: string;
  locale: Locale;
  rejectOpinion?: string;
}): RenderedMail {
  const { supplierName, dimension, link, locale, rejectOpinion } = input;
  if (locale === 'en') {
    return renderMail({
      subject: rejectOpinion ? `Self-inspection returned for rework: ${dimension}` : `Self-inspection checklist to complete: ${dimension}`,
      greeting: `Dear ${supplierName},`,
      paragraphs: rejectOpinion
        ? [`Your self-inspection for "${dimension}" was returned with this opinion: ${rejectOpinion}`, 'Please revise it and submit it again.']
        : [`A self-inspection checklist for "${dimension}" is waiting for you.`, 'Download the template, fill it in, and submit it with your self score on the supplier portal.'],
      action: { label: 'Open the self-inspection', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: rejectOpinion ? `自检已驳回，请修改后重新提交：${dimension}` : `请填写供应商自检清单：${dimension}`,
    greeting: `${supplierName}：`,
    paragraphs: rejectOpinion
      ? [`贵司提交的“${dimension}”自检已被驳回，审核意见：${rejectOpinion}`, '请修改后重新提交。']
      : [`“${dimension}”自检清单已下发，请下载模版填写后，在供应商门户填写自评分并提交。`],
    action: { label: '填写自检', href: link },
    footer: FOOTER.zh,
  });
}

/** The supplier submitted a row: its owner is asked to audit. */
export function checklistSubmittedMail(input: { supplierName: string; dimension: string; flowNo: string; link: string }): RenderedMail {
  return renderMail({
    subject: `待审核：${input.supplierName} 已提交“${input.dimension}”自检`,
    greeting: '您好：',
    paragraphs: ['供应商已提交自检清单及自评分，请审核。'],
    facts: [
      ['自检维度', input.dimension],
      ['供应商', input.supplierName],
      ['流程编号', input.flowNo],
    ],
    action: { label: '去审核', href: input.link },
    footer: FOOTER.zh,
  });
}
