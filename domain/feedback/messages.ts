import type { Locale } from '../i18n.ts';

/** Feedback (req shell §5.4, §8; docs/decisions/0039-feedback.md): rule and server messages, zh and en. */
export const FEEDBACK_MESSAGES = {
  chooseFeedbackType: { zh: '请选择问题类型', en: 'Please choose the type of issue' },
  // Req shell §5.4 words the content rule "请选择内容".
  enterFeedbackContent: { zh: '请选择内容', en: 'Please enter the content' },
  feedbackTooManyFiles: { zh: '只能上传10个文件哦', en: 'At most 10 files can be uploaded' },
  feedbackUploadFailed: { zh: '上传文件失败', en: 'The upload failed' },
  feedbackSent: { zh: '反馈成功！', en: 'Thank you for your feedback!' },
  enterFeedbackAnswer: { zh: '请输入回复内容', en: 'Please enter the answer' },
  feedbackNotFound: { zh: '反馈不存在', en: 'This feedback does not exist' },
  feedbackClosed: { zh: '反馈已关闭', en: 'This feedback has been closed' },
  feedbackSendersOnly: { zh: '只有员工和供应商门户账号可以反馈', en: 'Only staff and supplier portal accounts send feedback' },
} as const satisfies Record<string, Record<Locale, string>>;
