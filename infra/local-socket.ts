import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The same PostgreSQL over its Unix socket when `databaseUrl` names one on this machine: a statement
 * sent over loopback TCP costs the sender the TCP stack's work and the server's wake-up (a fifth of an
 * API process's busy time on a questionnaire save); a Unix socket costs less. The socket folder is
 * PGSOCKET_DIR or Debian's /var/run/postgresql. Tried as the URL's user first (a server that takes
 * passwords on its socket), then as this OS user (Debian's `peer` rule for local connections, which
 * needs a role of that name: `sudo -u postgres createuser -s $USER`). Falls back to the URL as given
 * when neither connects, so TCP stays supported; the answer says which it is.
 */
export async function preferLocalSocket(databaseUrl: string): Promise<{ url: string; via: string }> {
  const url = new URL(databaseUrl);
  const dir = process.env.PGSOCKET_DIR ?? '/var/run/postgresql';
  const socket = path.join(dir, `.s.PGSQL.${url.port || 5432}`);
  if (!LOCAL_HOSTS.has(url.hostname) || url.searchParams.has('host') || !fs.existsSync(socket)) return { url: databaseUrl, via: 'tcp' };
  const asGiven = new URL(url);
  asGiven.searchParams.set('host', dir);
  const asOsUser = new URL(asGiven);
  asOsUser.username = os.userInfo().username;
  asOsUser.password = '';
  for (const candidate of [asGiven, asOsUser]) {
    const client = new pg.Client({ connectionString: candidate.toString() });
    try {
      await client.connect();
      await client.query('select 1');
      return { url: candidate.toString(), via: `unix socket ${socket} as ${decodeURIComponent(candidate.username)}` };
    } catch {
      // Not admitted this way (pg_hba): the next candidate, or TCP.
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return { url: databaseUrl, via: 'tcp' };
}
