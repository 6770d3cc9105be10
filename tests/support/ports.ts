import fs from 'node:fs';
import net from 'node:net';

/**
 * The start of the kernel's range for ports it hands out by itself: to a server listening on port 0
 * (the Temporal dev server's own services do) and to every outgoing connection. A port taken from
 * that range could be handed out again before the suite's server listens on it; one below it is
 * taken only by a server asking for it by number. 32768 is Linux's default; macOS and Windows
 * start higher.
 */
function ephemeralStart(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && low > 12_000) return low;
  } catch {
    // Not Linux: the default below is under every other system's range.
  }
  return 32_768;
}

const LOWEST = 10_000;
const HIGHEST = ephemeralStart() - 1;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A currently free loopback port, below the range the kernel hands out by itself. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found between ${LOWEST} and ${HIGHEST}`);
}
