import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import { serveWebApp } from '#api/web-static.ts';

export interface ServedWebDist {
  url: string;
  close(): Promise<void>;
}

/**
 * A folder shaped like the web build (`assets/` and the files given, by path), served by the app's own
 * static handler behind the app's cookie parser and any middleware given, on a port of its own.
 */
export async function serveWebDist(files: Record<string, string | Buffer>, before: RequestHandler[] = []): Promise<ServedWebDist> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), content);
  const app = express();
  app.use(cookieParser(), ...before);
  serveWebApp(app, dist);
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
