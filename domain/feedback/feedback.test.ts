import { describe, expect, it } from 'vitest';
import { translate } from '../messages.ts';
import { FEEDBACK_FILES_MAX, feedbackAddRequest, mayAddFeedbackFile } from './feedback.ts';

/** Req shell §5.4: the feedback form's rules, as the server and the form both apply them. */
describe('feedback form rules (req shell §5.4)', () => {
  const errorsOf = (input: unknown, locale: 'zh' | 'en' = 'zh') => {
    const r = feedbackAddRequest.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), translate(i.message, locale)]));
  };

  it('type is required: 请选择问题类型; only the four feedback types', () => {
    expect(errorsOf({ context: '内容' })).toEqual({ type: '请选择问题类型' });
    expect(errorsOf({ type: 'OTHER', context: '内容' })).toEqual({ type: '请选择问题类型' });
    for (const type of ['CONSULTATION', 'EXCEPTION', 'PERMISSION', 'REQUIREMENT']) expect(errorsOf({ type, context: '内容' })).toEqual({});
  });

  it('content is required: 请选择内容 (blank counts as missing), in English too', () => {
    expect(errorsOf({ type: 'EXCEPTION', context: '   ' })).toEqual({ context: '请选择内容' });
    expect(errorsOf({ type: 'EXCEPTION' }, 'en')).toEqual({ context: 'Please enter the content' });
  });

  it('at most 10 files: ten pass, eleven give 只能上传10个文件哦; the uploader refuses the 11th', () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => `/common/v1/simple-download?fileKey=k${i}&fileName=a.pdf`);
    expect(errorsOf({ type: 'EXCEPTION', context: 'x', fileUrlList: files(10) })).toEqual({});
    expect(errorsOf({ type: 'EXCEPTION', context: 'x', fileUrlList: files(11) })).toEqual({ fileUrlList: '只能上传10个文件哦' });
    expect(FEEDBACK_FILES_MAX).toBe(10);
    expect(mayAddFeedbackFile(9)).toBe(true);
    expect(mayAddFeedbackFile(10)).toBe(false);
  });
});
