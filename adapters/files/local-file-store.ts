import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store.ts';

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_-]{0,200}$/;

/** Files in a folder (the embedded default). Keys are server-made; anything else is refused. */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe file key: ${key}`);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`unsafe file key: ${key}`);
    return full;
  }

  return {
    kind: 'local',
    async put(key, body) {
      const full = pathOf(key);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      // Write then rename: a crash never leaves a half-written file under the final name.
      const tmp = `${full}.${process.pid}.tmp`;
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
        else await pipeline(body, fs.createWriteStream(tmp));
        await fsp.rename(tmp, full);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key): Promise<Readable | null> {
      const full = pathOf(key);
      try {
        await fsp.access(full);
      } catch {
        return null;
      }
      return fs.createReadStream(full);
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async check() {
      await fsp.mkdir(base, { recursive: true });
      await fsp.access(base, fs.constants.W_OK);
    },
  };
}
