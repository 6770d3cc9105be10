import { DEMO_LOGINS } from '#db/seeds/org.ts';
import { LOGIN_STEP_COOKIE, STAFF_COOKIE } from '#api/auth/cookies.ts';
import { client } from './http-client.ts';
import { nextTotpStep, totpNow } from './totp.ts';

/** The `name=value` of the named cookie an answer sets (it may also clear others, e.g. the login step's). */
const cookieOf = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

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
    const step = cookieOf(res.headers, LOGIN_STEP_COOKIE)!;
    for (let attempt = 0; ; attempt++) {
      const second = await client(appUrl, { cookie: step }).post('/v1/auth/login/totp', { code: await totpNow(secret) });
      if (second.status === 200) return cookieOf(second.headers, STAFF_COOKIE)!;
      // The code of this step was used by an earlier login: the next step's is good.
      if (second.status !== 400 || attempt > 0) throw new Error(`second step failed: ${second.status}`);
      await nextTotpStep();
    }
  }
  const cookie = cookieOf(res.headers, STAFF_COOKIE);
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}
