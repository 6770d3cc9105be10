import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';
import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '#adapters/security/password.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '#db/seeds/org.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { freePort } from '../support/ports.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { launchBrowser } from './support/browser.ts';
import { totpNow } from '../support/totp.ts';
import { answerTotpStep, staffLogin } from './support/staff.ts';
import { LOCALE_OF } from './support/lang.ts';
import { TOTP_QR_MARGIN } from '#web/components/totp-qr.tsx';

/** The modules of a QR code as SVG path data: equal exactly when two codes carry the same text. */
const qrModules = (svg: string) => [...svg.matchAll(/<path[^>]*\sd="([^"]+)"/g)].map((m) => m[1]).join('|');

/**
 * Staff identity as a person meets it in Chromium: the company account through the identity provider's
 * own pages, the administrator's authenticator code, and where the app sends someone without
 * permissions, to an unknown address, or whose session has ended.
 */
describe('Staff identity in the browser', () => {
  let stack: RunningStack;
  let browser: Browser;
  let idp: TestOidcProvider;
  const pages: Page[] = [];

  beforeAll(async () => {
    const port = await freePort();
    idp = await startTestOidcProvider(`http://localhost:${port}`, [
      { login: 'wang.lei', claims: { employee_number: 'E10002', email: 'wang.lei@corp.example', email_verified: true } },
    ]);
    [stack, browser] = await Promise.all([startTestStack({ port, env: idp.env }), launchBrowser()]);
    // A colleague with an account and no role yet.
    await stack.db.db
      .insertInto('staff')
      .values({ job_number: 'E19999', username: 'new.hire', name: '新同事', email: 'new.hire@oem.example.com', password_hash: await hashPassword(DEMO_PASSWORD), roles: JSON.stringify([]) })
      .execute();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await idp?.close();
  });

  const newPage = async () => {
    const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    pages.push(page);
    return page;
  };

  it('signs a staff member in with the company account, through the provider, onto the dashboard with their menu', async () => {
    const page = await newPage();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('link', { name: '使用公司账号登录' }).click();
    await page.waitForURL((u) => u.origin === idp.issuer);
    await page.locator('input[name="login"]').fill('wang.lei');
    await page.locator('input[name="password"]').fill('typed at the provider');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${stack.appUrl}/dashboard`, { timeout: 20_000 });
    // pm.wang's permissions: the flow list is in the menu, scenario configuration (administrators) is not.
    await page.getByRole('link', { name: '认证流程管理' }).first().waitFor();
    expect(await page.getByRole('link', { name: '场景配置' }).count()).toBe(0);
    await page.getByTestId('user-menu').click();
    await page.getByText('王磊').first().waitFor();
  });

  it('asks the administrator for the authenticator code after the password', async () => {
    const page = await newPage();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByLabel('用户名', { exact: true }).fill('admin');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const code = page.getByLabel('动态验证码', { exact: true });
    await code.waitFor();
    // A wrong code is refused at the field and keeps the step.
    await code.fill((await totpNow(DEMO_TOTP_SECRET)) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '验证', exact: true }).click();
    await page.getByText('验证码错误或已使用').waitFor();
    await answerTotpStep(page, 'zh', DEMO_TOTP_SECRET);
    await page.waitForURL(`${stack.appUrl}/dashboard`);
    await page.getByRole('link', { name: '场景配置' }).first().waitFor();
  });

  it('shows a new authenticator key as a QR code of the otpauth URI the server issued, beside the key and the URI', async () => {
    const page = await staffLogin(browser, stack.appUrl, 'cmt.guo', 'zh');
    pages.push(page);
    await page.goto(`${stack.appUrl}/profile`);
    const issued = page.waitForResponse((r) => r.url().endsWith('/v1/auth/totp/start') && r.request().method() === 'POST');
    await page.getByRole('button', { name: '开启双因素认证' }).click();
    const { uri, secret } = ((await (await issued).json()) as { data: { uri: string; secret: string } }).data;
    const qr = page.getByRole('img', { name: '身份验证器二维码（内容与下方 otpauth 链接相同）' });
    await qr.waitFor();
    // The picture is the code of the issued URI: the same modules as that URI encoded here.
    const shown = await qr.evaluate((svg) => svg.outerHTML);
    const expected = renderToStaticMarkup(createElement(QRCodeSVG, { value: uri, marginSize: TOTP_QR_MARGIN }));
    expect(qrModules(shown)).not.toBe('');
    expect(qrModules(shown)).toBe(qrModules(expected));
    // Whoever cannot scan it types the key or pastes the URI.
    expect(await page.getByTestId('totp-uri').innerText()).toBe(uri);
    expect((await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')).toBe(secret);
  });

  const FRAME = {
    zh: { welcome: '欢迎', hint: '从左侧菜单进入各项业务。', menuFlows: '认证流程管理' },
    en: { welcome: 'Welcome', hint: 'Open a business area from the menu on the left.', menuFlows: 'Certification flows' },
  } as const;

  it.each(['zh', 'en'] as const)('shows the dashboard’s frame before any script has run, then the member’s name and menu (%s)', async (lang) => {
    const T = FRAME[lang];
    const { name } = await stack.db.db.selectFrom('staff').select('name').where('username', '=', 'pm.wang').executeTakeFirstOrThrow();
    const page = await staffLogin(browser, stack.appUrl, 'pm.wang', lang);
    pages.push(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    // The same session without scripts: the frame and the dashboard's card, nothing of the member yet.
    const noScript = await browser.newContext({ locale: LOCALE_OF[lang], javaScriptEnabled: false });
    await noScript.addCookies(await page.context().cookies());
    const bare = await noScript.newPage();
    await bare.goto(`${stack.appUrl}/dashboard`);
    expect(await bare.getByRole('heading', { name: T.welcome, exact: true }).isVisible()).toBe(true);
    expect(await bare.getByText(T.hint).isVisible()).toBe(true);
    expect(await bare.getByTestId('tab-bar').isVisible()).toBe(true);
    expect(await bare.content()).not.toContain(name);
    await noScript.close();

    // A reload hydrates it (a mismatch is an error React reports) and fills in the greeting and the menu.
    await page.goto(`${stack.appUrl}/dashboard`);
    await page.getByRole('heading', { name: lang === 'zh' ? `欢迎，${name}` : `Welcome, ${name}` }).waitFor();
    await page.getByRole('link', { name: T.menuFlows }).first().waitFor();
    expect(await page.getByTestId('side-menu').getAttribute('aria-busy')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('sends a browser whose staff session has ended from the dashboard’s frame to the login', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    await context.addCookies([{ name: 'staff_session', value: 'ended-long-ago', url: stack.appUrl }]);
    const page = await context.newPage();
    pages.push(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${stack.appUrl}/dashboard`);
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/dashboard');
    await page.getByLabel('用户名', { exact: true }).waitFor();
    expect(await page.getByText('从左侧菜单进入各项业务。').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('sends a staff member without any permission to /nopermission with the message', async () => {
    const page = await staffLogin(browser, stack.appUrl, 'new.hire', 'zh');
    pages.push(page);
    await page.waitForURL(`${stack.appUrl}/nopermission`);
    await page.getByText('您没有访问该页面的权限，请联系管理员添加权限').waitFor();
  });

  it('sends an unknown address to /notfound once logged in, and to the login before', async () => {
    const anonymous = await newPage();
    await anonymous.goto(`${stack.appUrl}/no-such-screen`);
    await anonymous.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/no-such-screen');

    const page = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    pages.push(page);
    await page.goto(`${stack.appUrl}/no-such-screen`);
    await page.waitForURL((u) => u.pathname === '/notfound');
    expect(await page.getByTestId('missing-path').innerText()).toBe('/no-such-screen');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
  });

  it('a session that ended says so, and the login returns to the page the user was on', async () => {
    const page = await staffLogin(browser, stack.appUrl, 'pm.zhou', 'zh');
    pages.push(page);
    // The dashboard's own calls done first, so the next call is the one that meets the ended session.
    await page.waitForLoadState('networkidle');
    // The session ends on the server (another device changed the password, an administrator ended it).
    const staff = await stack.db.db.selectFrom('staff').select('id').where('username', '=', 'pm.zhou').executeTakeFirstOrThrow();
    await stack.db.db.deleteFrom('staff_session').where('staff_id', '=', staff.id).execute();
    await page.getByRole('link', { name: '认证流程管理' }).first().click();
    await page.getByText('登录已失效，请重新登录').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/cert-flow');
    await page.getByTestId('session-ended').waitFor();
    await page.getByLabel('用户名', { exact: true }).fill('pm.zhou');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/cert-flow', { timeout: 15_000 });
  });
});
