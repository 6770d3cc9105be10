import type { Locale } from '#domain/i18n.ts';
import { formatWireDateTime } from '#domain/date-time.ts';
import { renderMail, type RenderedMail } from './templates-layout.ts';

/** The mails of an assessment round, in the recipient's language (that of their last login). Values are escaped by the layout. */

const FOOTER: Record<Locale, string> = {
  zh: '此邮件由供应商管理平台自动发送，请勿直接回复。',
  en: 'This e-mail was sent automatically by the supplier management platform; please do not reply to it.',
};

/** Wall time of the plants (China Standard Time), as the wire shows it. */
function dueText(at: Date, locale: Locale): string {
  const text = formatWireDateTime(at).slice(0, 16);
  return locale === 'en' ? `${text} (China Standard Time)` : `${text}（北京时间）`;
}

/** A reviewer has review tasks in a plan (its opening, or a task transferred to them). */
export function reviewTasksMail(input: { planNo: string; planName: string; tasks: number; deadline: Date; link: string; locale: Locale }): RenderedMail {
  const { planNo, planName, tasks, link, locale } = input;
  const due = dueText(input.deadline, locale);
  if (locale === 'en') {
    return renderMail({
      subject: `Performance review: ${planName}`,
      greeting: 'Hello,',
      paragraphs: [`You have ${tasks} supplier review(s) to score in the performance plan ${planName}. Please submit them before the deadline.`],
      facts: [
        ['Plan', `${planName} (${planNo})`],
        ['Reviews', String(tasks)],
        ['Deadline', due],
      ],
      action: { label: 'Open my reviews', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `绩效评审：${planName}`,
    greeting: '您好：',
    paragraphs: [`您在绩效计划“${planName}”中有 ${tasks} 个供应商待评分，请在截止时间前提交。`],
    facts: [
      ['绩效计划', `${planName}（${planNo}）`],
      ['评审任务', String(tasks)],
      ['截止时间', due],
    ],
    action: { label: '去评分', href: link },
    footer: FOOTER.zh,
  });
}

/** A working day before the deadline: the reviewer still has open reviews. */
export function reviewReminderMail(input: { planNo: string; planName: string; open: number; deadline: Date; link: string; locale: Locale }): RenderedMail {
  const { planNo, planName, open, link, locale } = input;
  const due = dueText(input.deadline, locale);
  if (locale === 'en') {
    return renderMail({
      subject: `Reminder: ${open} review(s) of ${planName} due ${due}`,
      greeting: 'Hello,',
      paragraphs: [`${open} of your reviews in the performance plan ${planName} are not submitted yet. The deadline is ${due}.`],
      facts: [
        ['Plan', `${planName} (${planNo})`],
        ['Open reviews', String(open)],
        ['Deadline', due],
      ],
      action: { label: 'Open my reviews', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `评审提醒：${planName} 有 ${open} 个评审将于${due}截止`,
    greeting: '您好：',
    paragraphs: [`您在绩效计划“${planName}”中还有 ${open} 个评审未提交，截止时间为 ${due}。`],
    facts: [
      ['绩效计划', `${planName}（${planNo}）`],
      ['未提交', String(open)],
      ['截止时间', due],
    ],
    action: { label: '去评分', href: link },
    footer: FOOTER.zh,
  });
}

/** The deadline has passed with reviews open: the plan owner is told who is late. */
export function reviewEscalationMail(input: { planNo: string; planName: string; late: { name: string; open: number }[]; link: string; locale: Locale }): RenderedMail {
  const { planNo, planName, late, link, locale } = input;
  const facts: [string, string][] = late.map((r) => [r.name, String(r.open)]);
  if (locale === 'en') {
    return renderMail({
      subject: `Overdue reviews in ${planName}`,
      greeting: 'Hello,',
      paragraphs: [`The deadline of the performance plan ${planName} (${planNo}) has passed and these reviewers have reviews open (count). You may remind them or transfer their reviews.`],
      facts,
      action: { label: 'Open the plan', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `评审逾期：${planName}`,
    greeting: '您好：',
    paragraphs: [`绩效计划“${planName}”（${planNo}）已过评审截止时间，以下评审人仍有未提交的评审（数量），您可以催办或转办。`],
    facts,
    action: { label: '查看计划', href: link },
    footer: FOOTER.zh,
  });
}

/** A task of the round for one person: the summary to the owner, its approval to the approver. */
export function roundTaskMail(input: { taskName: string; planNo: string; planName: string; link: string; locale: Locale }): RenderedMail {
  const { taskName, planNo, planName, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `New task: ${taskName} (${planName})`,
      greeting: 'Hello,',
      paragraphs: ['A task is waiting for you on the supplier management platform.'],
      facts: [
        ['Task', taskName],
        ['Plan', `${planName} (${planNo})`],
      ],
      action: { label: 'Open the task', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `待办任务：${taskName}（${planName}）`,
    greeting: '您好：',
    paragraphs: ['您在供应商管理平台有一项待处理的任务。'],
    facts: [
      ['任务', taskName],
      ['绩效计划', `${planName}（${planNo}）`],
    ],
    action: { label: '去处理', href: link },
    footer: FOOTER.zh,
  });
}
