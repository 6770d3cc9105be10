import type { Locale } from './i18n.ts';

/**
 * Every rule message of the spec, once, in both languages. Schemas in domain/ use the ids as their
 * zod messages; the server translates them for the response and the web for display, so the text
 * a user sees for a rule is the same wherever the rule is checked.
 */
export const MESSAGES = {
  required: { zh: '该项必填', en: 'This field is required' },
  invalidEmail: { zh: '请输入正确的邮箱地址', en: 'Please enter a valid e-mail address' },
  digitsOnly: { zh: '只能输入数字', en: 'Digits only' },
  maxLength: { zh: '长度不能超过{max}个字符', en: 'At most {max} characters' },
  invalidValue: { zh: '取值无效', en: 'Invalid value' },
  enterAreaCode: { zh: '请输入区号', en: 'Please enter the area code' },
  enterPhone: { zh: '请输入联系电话', en: 'Please enter the phone number' },
  phoneTooLong: { zh: '联系电话不能超过{max}位', en: 'The phone number has at most {max} digits' },
  // Apply drawer (spec 2 §5.1)
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
  // Login (spec 1 §5)
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
  // Uploads (spec 1 §5, spec 2 §5.14)
  fileTooLarge: { zh: '上传文件不能超过30M', en: 'The file must not exceed 30 MB' },
  fileTypeNotAllowed: { zh: '不支持的文件类型', en: 'This file type is not allowed' },
  fileMissing: { zh: '请选择文件', en: 'Please choose a file' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageId = keyof typeof MESSAGES;

export function isMessageId(value: string): value is MessageId {
  return Object.hasOwn(MESSAGES, value);
}

/** A zod message carrying parameters is encoded as `id|{"max":20}`. */
export function withParams(id: MessageId, params: Record<string, string | number>): string {
  return `${id}|${JSON.stringify(params)}`;
}

export function translate(message: string, locale: Locale): string {
  const [id, raw] = splitOnce(message, '|');
  if (!isMessageId(id)) return message;
  const params: Record<string, unknown> = raw ? safeJson(raw) : {};
  return MESSAGES[id][locale].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

function safeJson(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}
