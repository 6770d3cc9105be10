import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebDist, type ServedWebDist } from '../support/web-dist.ts';

describe('a page rendered at build is sent in the language the browser will show it in', () => {
  let web: ServedWebDist;
  beforeAll(async () => {
    web = await serveWebDist({
      'index.html': '<!doctype html><title>plain</title>',
      'supplier-login.zh.html': '<!doctype html><title>zh</title>',
      'supplier-login.en.html': '<!doctype html><title>en</title>',
      'questionnaire.zh.html': '<!doctype html><title>rfiZh</title>',
      'questionnaire.en.html': '<!doctype html><title>rfiEn</title>',
      'staff-dashboard.zh.html': '<!doctype html><title>homeZh</title>',
      'staff-dashboard.en.html': '<!doctype html><title>homeEn</title>',
      'staff.html': '<!doctype html><title>staff</title>',
      'staff-paths.json': JSON.stringify(['dashboard', 'cert-flow']),
    });
  });
  afterAll(() => web?.close());

  const page = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${web.url}${p}`, { headers });
    return { title: /<title>(\w+)<\/title>/.exec(await res.text())?.[1], vary: res.headers.get('vary') ?? '' };
  };

  it('follows the browser’s first language, English only when it says en (req rfi §1)', async () => {
    expect((await page('/client/login/abc', { 'accept-language': 'en-US,en;q=0.9' })).title).toBe('en');
    expect((await page('/client/login/abc', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).title).toBe('zh');
    expect((await page('/client/login/abc', { 'accept-language': 'de-DE' })).title).toBe('zh');
    expect((await page('/client/login/abc')).title).toBe('zh');
  });

  it('follows the language the visitor chose over the browser’s', async () => {
    expect((await page('/client/login/abc', { 'accept-language': 'zh-CN', cookie: 'locale=en' })).title).toBe('en');
    expect((await page('/client/login/abc', { 'accept-language': 'en-US', cookie: 'locale=zh' })).title).toBe('zh');
    // A value the app never writes is no choice.
    expect((await page('/client/login/abc', { 'accept-language': 'en-US', cookie: 'locale=fr' })).title).toBe('en');
  });

  it('tells caches that the address varies by language', async () => {
    const { vary } = await page('/client/login/abc');
    expect(vary).toMatch(/Accept-Language/i);
    expect(vary).toMatch(/Cookie/i);
  });

  it('sends the questionnaire’s frame by the same rule', async () => {
    expect((await page('/client/rfi/abc', { 'accept-language': 'en-US' })).title).toBe('rfiEn');
    expect((await page('/client/rfi/abc/', { 'accept-language': 'en-US', cookie: 'locale=zh' })).title).toBe('rfiZh');
    expect((await page('/client/rfi/abc')).vary).toMatch(/Accept-Language/i);
  });

  it('sends the staff dashboard’s frame to a browser holding a staff session, in its language', async () => {
    expect((await page('/dashboard', { cookie: 'staff_session=abc', 'accept-language': 'en-US' })).title).toBe('homeEn');
    expect((await page('/dashboard/', { cookie: 'staff_session=abc; locale=zh', 'accept-language': 'en-US' })).title).toBe('homeZh');
    expect((await page('/dashboard', { cookie: 'staff_session=abc' })).vary).toMatch(/Cookie/i);
  });

  it('sends the plain staff page to a browser without a staff session, which the page sends to the login', async () => {
    expect((await page('/dashboard', { 'accept-language': 'en-US' })).title).toBe('staff');
    expect((await page('/dashboard', { cookie: 'locale=en; supplier_session=abc' })).title).toBe('staff');
    // The frame is rendered at the bare address; a query may change it (an embedded page hides the frame).
    expect((await page('/dashboard?hideFrame=1', { cookie: 'staff_session=abc' })).title).toBe('staff');
    // Another staff page has no frame of its own rendered.
    expect((await page('/cert-flow', { cookie: 'staff_session=abc' })).title).toBe('staff');
  });

  it('sends every other page as before', async () => {
    expect((await page('/client/login/abc/more', { 'accept-language': 'en' })).title).toBe('plain');
    expect((await page('/client/rfi/abc/more', { 'accept-language': 'en' })).title).toBe('plain');
    expect((await page('/client/login/abc?from=mail', { 'accept-language': 'en' })).title).toBe('plain');
    expect((await page('/client/portal/login', { 'accept-language': 'en' })).title).toBe('plain');
    expect((await page('/login')).title).toBe('plain');
  });
});
