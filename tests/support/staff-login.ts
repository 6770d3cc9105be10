import { client } from './http-client.ts';

/** Logs a demo staff member in over HTTP, as the login page does, and returns the session cookie. */
export async function loginCookie(appUrl: string, username = 'pm.wang', password = 'Demo@2026'): Promise<string> {
  const res = await client(appUrl).post('/v1/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers.get('set-cookie');
  if (!cookie) throw new Error('login set no cookie');
  return cookie.split(';')[0];
}
