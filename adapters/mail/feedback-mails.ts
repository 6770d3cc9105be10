import type { Locale } from '#domain/i18n.ts';
import { renderMail, type RenderedMail } from './templates-layout.ts';

/** An administrator answered the sender's feedback (req shell §2.7), in the sender's language; values are escaped by the layout. */
export function feedbackAnswerMail(input: { typeLabel: string; context: string; answer: string; answeredBy: string; locale: Locale }): RenderedMail {
  const { typeLabel, context, answer, answeredBy, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: 'Your feedback has been answered',
      greeting: 'Hello,',
      paragraphs: ['An administrator of the supplier management platform answered your feedback.'],
      facts: [
        ['Type', typeLabel],
        ['Your feedback', context],
        ['Answer', answer],
        ['Answered by', answeredBy],
      ],
      footer: 'This e-mail was sent automatically by the supplier management platform; please do not reply to it.',
    });
  }
  return renderMail({
    subject: '您的意见反馈已回复',
    greeting: '您好：',
    paragraphs: ['供应商管理平台的管理员已回复您的意见反馈。'],
    facts: [
      ['问题类型', typeLabel],
      ['反馈内容', context],
      ['回复', answer],
      ['回复人', answeredBy],
    ],
    footer: '此邮件由供应商管理平台自动发送，请勿直接回复。',
  });
}
