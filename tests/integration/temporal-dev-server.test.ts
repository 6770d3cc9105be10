import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findTemporalCli } from '#infra/temporal/cli.ts';
import { startDevServer, type DevServer } from '#infra/temporal/dev-server.ts';
import { freePort } from '../support/ports.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-server-'));
const servers: DevServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function holdPort(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // It hangs up on whoever connects: a silent listener would keep the client's pooled channel waiting.
    const holder = net.createServer((socket) => socket.destroy());
    holder.once('error', reject);
    holder.listen(port, '127.0.0.1', () => resolve(holder));
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
}

describe('the Temporal dev server at start-up', () => {
  it('starts again when another process took a port it was about to bind', async () => {
    const port = await freePort();
    const logFile = path.join(dir, 'race.log');
    const holder = await holdPort(port);
    const portTaken = () => fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').includes('address already in use');
    // The port comes free once the first attempt has failed on it, as a racing process's would.
    void waitFor(portTaken).then(() => holder.close());

    const server = await startDevServer({ cli: findTemporalCli(), port, uiPort: null, dbFile: path.join(dir, 'race.sqlite'), logFile });
    servers.push(server);

    expect(server.address).toBe(`127.0.0.1:${port}`);
    expect(portTaken()).toBe(true);
  });

  it('gives up after a few attempts and says why, when the port stays taken', async () => {
    const port = await freePort();
    const holder = await holdPort(port);
    try {
      const logFile = path.join(dir, 'taken.log');
      await expect(
        startDevServer({ cli: findTemporalCli(), port, uiPort: null, dbFile: path.join(dir, 'taken.sqlite'), logFile }),
      ).rejects.toThrow(`can't set frontend port ${port}`);
      expect(fs.readFileSync(logFile, 'utf8').match(/address already in use/g)).toHaveLength(3);
    } finally {
      holder.close();
    }
  });
});
