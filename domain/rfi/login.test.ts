import { describe, expect, it } from 'vitest';
import { translate } from '../messages.ts';
import { canSubmitLogin, loginForm, tempQuery, tokenRequest, verifyCodeRequest } from './login.ts';
import { clampStep, RFI_STEPS, stepByNo } from './steps.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), translate(i.message, 'zh')]));

describe('login request schemas', () => {
  it('accept a complete login and trim its values', () => {
    const parsed = tokenRequest.parse({ temp: ' abc ', email: ' a@example.com ', code: ' 012345 ' });
    expect(parsed).toEqual({ temp: 'abc', email: 'a@example.com', code: '012345', captchaId: undefined, captchaText: undefined });
  });

  it("name a missing e-mail and code with the requirements’ words (req rfi §5)", () => {
    const r = tokenRequest.safeParse({ temp: 'abc', email: '', code: '' });
    expect(messages(r)).toEqual({ email: '请输入用户名', code: '请输入密码' });
  });

  it('want a valid e-mail and exactly six digits', () => {
    for (const code of ['12345', '1234567', '12a456', '１２３４５６']) {
      expect(messages(tokenRequest.safeParse({ temp: 'abc', email: 'a@example.com', code }))).toEqual({ code: '验证码为6位数字' });
    }
    expect(messages(tokenRequest.safeParse({ temp: 'abc', email: 'nope', code: '123456' }))).toEqual({ email: '请输入正确的邮箱地址' });
  });

  it('treat blank captcha fields as not given', () => {
    const parsed = tokenRequest.parse({ temp: 'abc', email: 'a@example.com', code: '123456', captchaId: ' ', captchaText: '' });
    expect(parsed.captchaId).toBeUndefined();
    expect(parsed.captchaText).toBeUndefined();
  });

  it('refuse a missing, empty or oversized temp as an invalid link', () => {
    for (const input of [{}, { temp: '' }, { temp: 'x'.repeat(201) }]) {
      expect(messages(tempQuery.safeParse(input))).toEqual({ temp: '链接无效或已过期' });
      expect(verifyCodeRequest.safeParse(input).success).toBe(false);
    }
  });
});

describe('login form', () => {
  it('needs the privacy agreement ticked', () => {
    const r = loginForm.safeParse({ email: 'a@example.com', code: '123456', agreed: false });
    expect(messages(r)).toEqual({ agreed: '请阅读并同意隐私声明' });
    expect(loginForm.safeParse({ email: 'a@example.com', code: '123456', agreed: true }).success).toBe(true);
  });

  it('enables the enter button only with the box ticked and both fields filled', () => {
    expect(canSubmitLogin({ email: 'a@example.com', code: '1', agreed: true })).toBe(true);
    expect(canSubmitLogin({ email: 'a@example.com', code: '1', agreed: false })).toBe(false);
    expect(canSubmitLogin({ email: ' ', code: '1', agreed: true })).toBe(false);
    expect(canSubmitLogin({ email: 'a@example.com', code: '', agreed: true })).toBe(false);
  });
});

describe('questionnaire steps', () => {
  it('are the 10 steps of req rfi §2 in order', () => {
    expect(RFI_STEPS.map((s) => s.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(RFI_STEPS.map((s) => s.key)).size).toBe(10);
  });

  it('clamp a stored step into range, so a bad value resumes at a real step', () => {
    expect([clampStep(0), clampStep(-3), clampStep(1.5), clampStep(7), clampStep(11)]).toEqual([1, 1, 1, 7, 10]);
    expect(stepByNo(10).key).toBe('securityDelivery');
  });
});
