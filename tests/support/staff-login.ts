/** Logs a demo staff member in over HTTP and returns the session cookie. */
export async function loginCookie(appUrl: string, username = 'pm.wang', password = 'Demo@2026'): Promise<string> {
  const res = await fetch(`${appUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers.get('set-cookie');
  if (!cookie) throw new Error('login set no cookie');
  return cookie.split(';')[0];
}
