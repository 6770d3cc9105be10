import type { Locale } from '../i18n.ts';

/** Staff identity (docs/decisions/0040-staff-identity.md): password, second factor and company-account messages, zh and en. */
export const IDENTITY_MESSAGES = {
  enterCurrentPassword: { zh: '请输入当前密码', en: 'Please enter your current password' },
  enterNewPassword: { zh: '请输入新密码', en: 'Please enter the new password' },
  passwordTooShort: { zh: '密码至少{min}个字符', en: 'The password needs at least {min} characters' },
  passwordTooLong: { zh: '密码不能超过{max}个字符', en: 'The password has at most {max} characters' },
  passwordTooCommon: { zh: '该密码过于常见或已泄露，请换一个', en: 'This password is too common or known from breaches; please choose another' },
  passwordContainsUsername: { zh: '密码不能包含用户名', en: 'The password must not contain the username' },
  passwordSameAsCurrent: { zh: '新密码不能与当前密码相同', en: 'The new password must differ from the current one' },
  passwordsDiffer: { zh: '两次输入的密码不一致', en: 'The two passwords differ' },
  passwordManagedByConfig: {
    zh: '该管理员的密码由安装配置（ADMIN_PASSWORD）设定，请在配置中修改',
    en: "This administrator's password is set by the installation (ADMIN_PASSWORD); change it there",
  },
  wrongCurrentPassword: { zh: '当前密码错误', en: 'The current password is wrong' },
  passwordChanged: { zh: '密码已修改，其他设备上的登录已退出', en: 'Password changed; your other sessions have been logged out' },
  enterTotpCode: { zh: '请输入验证码', en: 'Please enter the code' },
  totpCodeFormat: { zh: '请输入6位数字验证码或24位恢复码', en: 'Enter the 6-digit code or a 24-character recovery code' },
  wrongTotpCode: { zh: '验证码错误或已使用', en: 'Wrong or already used code' },
  loginStepExpired: { zh: '登录已超时，请重新输入用户名和密码', en: 'The login has timed out; please enter your username and password again' },
  totpNotStarted: { zh: '请先生成新的密钥', en: 'Please generate a new key first' },
  totpRequiredForRole: { zh: '管理员必须使用双因素认证，不能关闭', en: 'Administrators must use two-factor authentication; it cannot be turned off' },
  totpNotEnabled: { zh: '尚未开启双因素认证', en: 'Two-factor authentication is not on' },
  ssoUnknownUser: {
    zh: '您的公司账号没有对应的本系统员工账号，请联系管理员开通',
    en: 'Your company account has no staff account in this system; please ask an administrator to add you',
  },
  ssoFailed: { zh: '公司账号登录未完成或已过期，请重新登录', en: 'The company-account sign-in did not complete or has expired; please sign in again' },
} as const satisfies Record<string, Record<Locale, string>>;
