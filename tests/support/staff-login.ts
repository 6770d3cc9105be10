import { DEMO_LOGINS } from '#db/seeds/org.ts';
import { client } from './http-client.ts';
import { nextTotpStep, totpNow } from './totp.ts';

const pair = (setCookie: string | null) => setCookie?.split(';')[0];

/**
 * Logs a demo staff member in over HTTP, as the login page does, and returns the session cookie; the
 * demo administrator's second step is answered with a code of the published demo key.
 */
export async function loginCookie(appUrl: string, username = 'pm.wang', password = 'Demo@2026'): Promise<string> {
  const res = await client(appUrl).post('/v1/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  if (res.body.data?.next === 'totp') {
    const secret = DEMO_LOGINS.find((l) => l.username === username)?.totpSecret;
    if (!secret) throw new Error(`${username} asks for a code, and no demo key is known`);
    const step = pair(res.headers.get('set-cookie'))!;
    for (let attempt = 0; ; attempt++) {
      const second = await client(appUrl, { cookie: step }).post('/v1/auth/login/totp', { code: await totpNow(secret) });
      if (second.status === 200) return pair(second.headers.get('set-cookie'))!;
      // The code of this step was used by an earlier login: the next step's is good.
      if (second.status !== 400 || attempt > 0) throw new Error(`second step failed: ${second.status}`);
      await nextTotpStep();
    }
  }
  const cookie = pair(res.headers.get('set-cookie'));
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}
