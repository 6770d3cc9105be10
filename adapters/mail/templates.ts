import type { Locale } from '#domain/i18n.ts';
import { renderMail, type RenderedMail } from './templates-layout.ts';

/**
 * The mails the platform sends, in the recipient's language (the flow's locale for suppliers).
 * Values are escaped by the layout; callers pass plain text.
 */

const FOOTER: Record<Locale, string> = {
  zh: '此邮件由供应商管理平台自动发送，请勿直接回复。',
  en: 'This e-mail was sent automatically by the supplier management platform; please do not reply to it.',
};

/** Req rfi §1: the RFI invitation carrying the login link with its temporary identifier. */
export function invitationMail(input: { supplierName: string; link: string; locale: Locale }): RenderedMail {
  const { supplierName, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: 'Invitation: direct-purchase supplier registration (RFI)',
      greeting: `Dear ${supplierName},`,
      paragraphs: [
        'You are invited to register as a direct-purchase supplier by completing the RFI questionnaire.',
        'Open the link below and log in with the verification code we will send to this e-mail address. The questionnaire has 10 steps; you can save a draft at any step and come back later.',
      ],
      action: { label: 'Open the questionnaire', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: '直采供应商注册RFI邀请',
    greeting: `${supplierName}：`,
    paragraphs: [
      '诚邀贵司注册成为直采供应商，请填写供应商注册信息（RFI）问卷。',
      '请点击下方链接，使用发送至本邮箱的验证码登录。问卷共10步，每一步均可保存草稿，稍后继续填写。',
    ],
    action: { label: '填写问卷', href: link },
    footer: FOOTER.zh,
  });
}

/** Req rfi §5 login: the 6-digit code, valid for `minutes`. */
export function verificationCodeMail(input: { code: string; minutes: number; locale: Locale }): RenderedMail {
  const { code, minutes, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `Your verification code: ${code}`,
      greeting: 'Hello,',
      paragraphs: [
        `Your verification code is ${code}. It is valid for ${minutes} minutes.`,
        'If you did not ask for it, you can ignore this e-mail; nobody can log in without the code.',
      ],
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `您的验证码：${code}`,
    greeting: '您好：',
    paragraphs: [`您的验证码为 ${code}，${minutes}分钟内有效。`, '如非本人操作，请忽略此邮件；没有验证码任何人都无法登录。'],
    footer: FOOTER.zh,
  });
}

/** A task of a flow waits for the recipient (checklist issued, node opened, returned for rework). */
export function taskNotificationMail(input: {
  taskName: string;
  flowNo: string;
  supplierName: string;
  link: string;
  locale: Locale;
}): RenderedMail {
  const { taskName, flowNo, supplierName, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `New task: ${taskName} (${supplierName})`,
      greeting: 'Hello,',
      paragraphs: ['A task is waiting for you on the supplier management platform.'],
      facts: [
        ['Task', taskName],
        ['Supplier', supplierName],
        ['Flow number', flowNo],
      ],
      action: { label: 'Open the task', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `待办任务：${taskName}（${supplierName}）`,
    greeting: '您好：',
    paragraphs: ['您在供应商管理平台有一项待处理的任务。'],
    facts: [
      ['任务', taskName],
      ['供应商', supplierName],
      ['流程编号', flowNo],
    ],
    action: { label: '查看任务', href: link },
    footer: FOOTER.zh,
  });
}

/** The questionnaire came back from review (req rfi §4): the reason and the way back in. */
export function rfiReturnedMail(input: { supplierName: string; reason: string; link: string; locale: Locale }): RenderedMail {
  const { supplierName, reason, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: 'Your RFI questionnaire was returned for changes',
      greeting: `Dear ${supplierName},`,
      paragraphs: [`Your RFI questionnaire was returned with this reason: ${reason}`, 'Please correct it and submit it again.'],
      action: { label: 'Open the questionnaire', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: '您的RFI问卷已退回修改',
    greeting: `${supplierName}：`,
    paragraphs: [`您提交的RFI问卷已被退回，原因：${reason}`, '请修改后重新提交。'],
    action: { label: '填写问卷', href: link },
    footer: FOOTER.zh,
  });
}

/** The RFI passed and a supplier portal account was made: where to log in, and with which address. */
export function portalAccountMail(input: { supplierName: string; email: string; link: string; locale: Locale }): RenderedMail {
  const { supplierName, email, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: 'Your supplier portal account',
      greeting: `Dear ${supplierName},`,
      paragraphs: [
        'Your RFI questionnaire has passed and a supplier portal account has been made for you.',
        'Log in with this e-mail address and the verification code we send to it; there you follow your certification and submit the self-inspection.',
      ],
      facts: [['Login e-mail', email]],
      action: { label: 'Log in to the portal', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: '供应商门户账号已开通',
    greeting: `${supplierName}：`,
    paragraphs: ['贵司的RFI问卷已审核通过，我们已为您开通供应商门户账号。', '请使用本邮箱及发送至本邮箱的验证码登录，查看认证进度并提交自检。'],
    facts: [['登录邮箱', email]],
    action: { label: '登录供应商门户', href: link },
    footer: FOOTER.zh,
  });
}

/** Self-inspection (req flow §4.7): a checklist issued to the supplier, or returned to it with the auditor's opinion. */
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

/** Self-inspection: the supplier submitted a row, and its owner (staff, zh) is asked to audit. */
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

/** A to-do of the second meeting or of the high-potential application (req flow §3.5, §3.6) was given to the recipient. */
export function todoAssignedMail(input: {
  todoName: string;
  todoDesc: string | null;
  closeDate: string;
  flowNo: string;
  supplierName: string;
  link: string;
  locale: Locale;
}): RenderedMail {
  const { todoName, todoDesc, closeDate, flowNo, supplierName, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `New to-do: ${todoName} (${supplierName})`,
      greeting: 'Hello,',
      paragraphs: ['A to-do of a supplier certification was given to you. Please complete it by its close date and mark it done on the flow page.'],
      facts: [
        ['To-do', todoName],
        ...(todoDesc ? ([['Description', todoDesc]] as [string, string][]) : []),
        ['Close date', `${closeDate} (China time)`],
        ['Supplier', supplierName],
        ['Flow number', flowNo],
      ],
      action: { label: 'Open the flow', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `待办事项：${todoName}（${supplierName}）`,
    greeting: '您好：',
    paragraphs: ['您有一项供应商认证待办事项，请在完成时间前处理，并在流程页面标记完成。'],
    facts: [
      ['待办事项', todoName],
      ...(todoDesc ? ([['待办描述', todoDesc]] as [string, string][]) : []),
      ['完成时间', closeDate],
      ['供应商', supplierName],
      ['流程编号', flowNo],
    ],
    action: { label: '查看流程', href: link },
    footer: FOOTER.zh,
  });
}

/** A close date as the to-do lists write it (yyyy-MM-dd HH:mm:ss), in China Standard Time. */
function closeDateText(date: Date, locale: Locale): string {
  const text = date.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });
  return locale === 'en' ? `${text} (China Standard Time)` : `${text}（北京时间）`;
}

/** A KCP2 or high-potential to-do is due soon (req flow §3.5): a reminder to its principal before the close date. */
export function todoReminderMail(input: {
  todoName: string;
  closeDate: Date;
  flowNo: string;
  supplierName: string;
  link: string;
  locale: Locale;
}): RenderedMail {
  const { todoName, flowNo, supplierName, link, locale } = input;
  const due = closeDateText(input.closeDate, locale);
  if (locale === 'en') {
    return renderMail({
      subject: `Reminder: to-do "${todoName}" is due ${due}`,
      greeting: 'Hello,',
      paragraphs: ['A to-do of yours on the supplier management platform is due soon. Please finish it before its close date and mark it done.'],
      facts: [
        ['To-do', todoName],
        ['Due', due],
        ['Supplier', supplierName],
        ['Flow number', flowNo],
      ],
      action: { label: 'Open the flow', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `待办提醒：“${todoName}”将于${due}到期`,
    greeting: '您好：',
    paragraphs: ['您在供应商管理平台有一项待办即将到期，请在截止时间前完成并标记完成。'],
    facts: [
      ['待办事项', todoName],
      ['截止时间', due],
      ['供应商', supplierName],
      ['流程编号', flowNo],
    ],
    action: { label: '查看流程', href: link },
    footer: FOOTER.zh,
  });
}

/** A node principal's task is due within a working day, or overdue (docs/decisions/0031-node-due-time-reminders.md). */
export function nodeDueReminderMail(input: {
  nodeName: string;
  dueTime: Date;
  overdue: boolean;
  flowNo: string;
  supplierName: string;
  link: string;
  locale: Locale;
}): RenderedMail {
  const { nodeName, overdue, flowNo, supplierName, link, locale } = input;
  const due = closeDateText(input.dueTime, locale);
  if (locale === 'en') {
    return renderMail({
      subject: overdue ? `Overdue: ${nodeName} (${supplierName}) was due ${due}` : `Reminder: ${nodeName} (${supplierName}) is due ${due}`,
      greeting: 'Hello,',
      paragraphs: [
        overdue
          ? 'A certification node you are responsible for has passed its due time and is still open. Please complete it as soon as possible.'
          : 'A certification node you are responsible for is due within a working day. Please complete it before its due time.',
      ],
      facts: [
        ['Node', nodeName],
        ['Due', due],
        ['Supplier', supplierName],
        ['Flow number', flowNo],
      ],
      action: { label: 'Open the node', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: overdue ? `逾期提醒：${nodeName}（${supplierName}）已于${due}到期` : `到期提醒：${nodeName}（${supplierName}）将于${due}到期`,
    greeting: '您好：',
    paragraphs: [overdue ? '您负责的认证节点已超过处理时限，仍未完成，请尽快处理。' : '您负责的认证节点将在一个工作日内到期，请在到期前完成。'],
    facts: [
      ['节点', nodeName],
      ['到期时间', due],
      ['供应商', supplierName],
      ['流程编号', flowNo],
    ],
    action: { label: '处理节点', href: link },
    footer: FOOTER.zh,
  });
}

/** Admission (stage 90): the supplier is an accepted supplier with its code, told in its language with the portal login. */
export function supplierAdmittedMail(input: { supplierName: string; supplierCode: string; categories: readonly string[]; link: string; locale: Locale }): RenderedMail {
  const { supplierName, supplierCode, categories, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `Certification passed: you are an accepted supplier (code ${supplierCode})`,
      greeting: `Dear ${supplierName},`,
      paragraphs: [
        'Your certification has passed and your company is now an accepted direct-purchase supplier for the categories below.',
        'Log in to the supplier portal with your e-mail address to see your supplier code and keep your company information up to date.',
      ],
      facts: [
        ['Supplier code', supplierCode],
        ['Categories', categories.join(', ')],
      ],
      action: { label: 'Log in to the portal', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `认证通过：贵司已成为准入供应商（供应商编码 ${supplierCode}）`,
    greeting: `${supplierName}：`,
    paragraphs: ['贵司已通过供应商认证，成为以下品类的直采准入供应商。', '请使用本邮箱登录供应商门户，查看供应商编码并维护企业信息。'],
    facts: [
      ['供应商编码', supplierCode],
      ['准入品类', categories.join('、')],
    ],
    action: { label: '登录供应商门户', href: link },
    footer: FOOTER.zh,
  });
}

/** Admission (stage 90): the purchasing manager (staff, zh) is told the flow ended with an accepted supplier. */
export function supplierAdmittedStaffMail(input: { supplierName: string; supplierCode: string; categories: readonly string[]; flowNo: string; link: string }): RenderedMail {
  return renderMail({
    subject: `供应商已准入：${input.supplierName}（${input.supplierCode}）`,
    greeting: '您好：',
    paragraphs: ['供应商认证流程已完成，供应商已准入。'],
    facts: [
      ['供应商', input.supplierName],
      ['供应商编码', input.supplierCode],
      ['准入品类', input.categories.join('、')],
      ['流程编号', input.flowNo],
    ],
    action: { label: '查看流程', href: input.link },
    footer: FOOTER.zh,
  });
}

/** The purchasing manager's decision on a renewal the supplier uploaded: approved, or returned with the reason. */
export function renewalDecidedMail(input: { supplierName: string; certificate: string; approved: boolean; reason?: string; link: string; locale: Locale }): RenderedMail {
  const { supplierName, certificate, approved, reason, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: approved ? `Renewal approved: ${certificate}` : `Renewal returned: ${certificate}`,
      greeting: `Dear ${supplierName},`,
      paragraphs: approved
        ? [`The renewed certificate "${certificate}" you uploaded was approved and replaces the one on file.`]
        : [`The renewed certificate "${certificate}" you uploaded was returned.`, `Reason: ${reason ?? '-'}`, 'Please upload it again with the corrections on the supplier portal.'],
      action: { label: 'Open my certificates', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: approved ? `换证审批通过：${certificate}` : `换证申请被退回：${certificate}`,
    greeting: `${supplierName}：`,
    paragraphs: approved
      ? [`贵司上传的“${certificate}”新证书已审批通过，已替换原证书。`]
      : [`贵司上传的“${certificate}”新证书被退回。`, `原因：${reason ?? '-'}`, '请在供应商门户修改后重新上传。'],
    action: { label: '查看我的证书', href: link },
    footer: FOOTER.zh,
  });
}

/** A certificate of the supplier ends soon (days left), or has ended (daysLeft < 0): renew it on the portal. */
export function certificateEndingMail(input: { supplierName: string; certificate: string; validUntil: string; daysLeft: number; link: string; locale: Locale }): RenderedMail {
  const { supplierName, certificate, validUntil, daysLeft, link, locale } = input;
  const ended = daysLeft < 0;
  if (locale === 'en') {
    return renderMail({
      subject: ended ? `Certificate ended: ${certificate}` : `Certificate ends in ${daysLeft} days: ${certificate}`,
      greeting: `Dear ${supplierName},`,
      paragraphs: ended
        ? [`Your certificate "${certificate}" ended on ${validUntil}.`, 'Please upload the renewed certificate on the supplier portal; your purchasing manager approves it.']
        : [`Your certificate "${certificate}" is valid until ${validUntil}.`, 'Please upload the renewed certificate on the supplier portal before then.'],
      action: { label: 'Renew the certificate', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: ended ? `证书已过期：${certificate}` : `证书将于${daysLeft}天后到期：${certificate}`,
    greeting: `${supplierName}：`,
    paragraphs: ended
      ? [`贵司的“${certificate}”证书已于${validUntil}到期。`, '请在供应商门户上传换发的新证书，由采购经理审批。']
      : [`贵司的“${certificate}”证书有效期至${validUntil}。`, '请在到期前于供应商门户上传换发的新证书。'],
    action: { label: '上传新证书', href: link },
    footer: FOOTER.zh,
  });
}

/** VDA 6.3: a finding of the process audit became an action item for the supplier (req flow §10.4). */
export function auditActionMail(input: { supplierName: string; questionId: string; finding: string; measure: string; dueDate: string; link: string; locale: Locale }): RenderedMail {
  const { supplierName, questionId, finding, measure, dueDate, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: `Process audit action item ${questionId}, due ${dueDate}`,
      greeting: `Dear ${supplierName},`,
      paragraphs: [`The process audit found (${questionId}): ${finding}`, `Measure asked for: ${measure}`, `Please answer with your measure and its evidence on the supplier portal by ${dueDate}.`],
      action: { label: 'Answer the action item', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: `过程审核措施项 ${questionId}，完成日期 ${dueDate}`,
    greeting: `${supplierName}：`,
    paragraphs: [`过程审核发现项（${questionId}）：${finding}`, `要求的措施：${measure}`, `请于 ${dueDate} 前在供应商门户填写采取的措施并上传证据。`],
    action: { label: '答复措施项', href: link },
    footer: FOOTER.zh,
  });
}

/** PPAP: the supplier is asked to submit, or an element came back with the reviewer's reason (req flow §11.2). */
export function ppapRequestMail(input: { supplierName: string; level: number; returned?: { element: string; reason: string }; link: string; locale: Locale }): RenderedMail {
  const { supplierName, level, returned, link, locale } = input;
  if (locale === 'en') {
    return renderMail({
      subject: returned ? `PPAP element returned: ${returned.element}` : `PPAP submission requested (level ${level})`,
      greeting: `Dear ${supplierName},`,
      paragraphs: returned
        ? [`The PPAP element "${returned.element}" was returned: ${returned.reason}`, 'Please correct it and submit it again on the supplier portal.']
        : [`Please submit the production part approval at level ${level}: the elements the level asks for and the part submission warrant, on the supplier portal.`],
      action: { label: 'Open the PPAP submission', href: link },
      footer: FOOTER.en,
    });
  }
  return renderMail({
    subject: returned ? `PPAP 要素已退回：${returned.element}` : `请提交 PPAP 生产件批准资料（等级 ${level}）`,
    greeting: `${supplierName}：`,
    paragraphs: returned
      ? [`PPAP 要素“${returned.element}”已被退回，原因：${returned.reason}`, '请修改后在供应商门户重新提交。']
      : [`请在供应商门户按提交等级 ${level} 提交所要求的 PPAP 要素及零件提交保证书（PSW）。`],
    action: { label: '打开 PPAP 提交', href: link },
    footer: FOOTER.zh,
  });
}
