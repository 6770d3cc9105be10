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
};

export function serverMessage(message: string, locale: Locale): string {
  if (isMessageId(message.split('|')[0])) return translate(message, locale);
  return SERVER_MESSAGES[message]?.[locale] ?? message;
}
