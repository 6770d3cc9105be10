import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from '#api/http/compress-answers.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { serveWebDist } from '../support/web-dist.ts';

/** Raw answers: fetch would decode them, and what matters here is what crosses the wire. */
async function raw(url: string, acceptEncoding: string) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const listen = (app: express.Express) =>
  new Promise<{ url: string; server: Server }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }));
  });

describe('API answers are compressed for browsers that accept it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a large JSON answer as brotli or gzip, whichever is accepted, and a tiny one as it is', async () => {
    const br = await raw(`${app.baseUrl}/v1/openapi.json`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
    const doc = JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8')) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
    const gz = await raw(`${app.baseUrl}/v1/openapi.json`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8'))).toEqual(doc);
    const plain = await raw(`${app.baseUrl}/v1/openapi.json`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const ping = await raw(`${app.baseUrl}/v1/ping`, 'gzip, br');
    expect(ping.status).toBe(200);
    expect(ping.headers['content-encoding']).toBeUndefined();
  });
});

describe('answers that must stream as written are never compressed', () => {
  let url: string;
  let server: Server;
  const big = 'x'.repeat(64 * 1024);
  beforeAll(async () => {
    const app = express();
    app.use(compressAnswers());
    app.get('/json', (_req, res) => void res.json({ big }));
    app.get('/download', (_req, res) => {
      res.attachment('report.csv');
      res.type('text/csv').send(big);
    });
    app.get('/events', (_req, res) => {
      res.type('text/event-stream');
      res.write(`data: ${big}\n\n`);
      res.end();
    });
    ({ url, server } = await listen(app));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('compresses JSON but leaves a download and an event stream as written', async () => {
    expect((await raw(`${url}/json`, 'gzip')).headers['content-encoding']).toBe('gzip');
    const download = await raw(`${url}/download`, 'gzip, br');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.body.toString()).toBe(big);
    const events = await raw(`${url}/events`, 'gzip, br');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.toString()).toBe(`data: ${big}\n\n`);
  });
});

describe('the built web app is served precompressed', () => {
  let url: string;
  let close: () => Promise<void>;
  const script = `console.log(${JSON.stringify('页面'.repeat(2000))});`;
  beforeAll(async () => {
    const asset = 'assets/main-Ab12Cd34.js';
    const web = await serveWebDist(
      { 'index.html': '<!doctype html><div id="root"></div>', [asset]: script, [`${asset}.br`]: zlib.brotliCompressSync(script), [`${asset}.gz`]: zlib.gzipSync(script) },
      [compressAnswers()],
    );
    ({ url, close } = web);
  });
  afterAll(() => close?.());

  it('sends the .br or .gz file made at build with its type, Vary and a year of immutable cache', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['identity', undefined, (b: Buffer) => b],
    ] as const) {
      const res = await raw(`${url}/assets/main-Ab12Cd34.js`, accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers['content-type'])).toMatch(/^text\/javascript/);
      expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.body).toString('utf8')).toBe(script);
    }
    const page = await raw(`${url}/client/login/abc`, 'gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await raw(`${url}/assets/missing-00000000.js`, 'gzip')).status).toBe(404);
  });
});

describe('a staff page is sent naming the staff shell’s chunks, a supplier page without them', () => {
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ url, close } = await serveWebDist({
      'index.html': '<!doctype html><title>plain</title>',
      'staff.html': '<!doctype html><title>staff</title><link rel="modulepreload" href="/assets/shell.js">',
      'staff-paths.json': JSON.stringify(['', 'dashboard', 'cert-flow']),
    }));
  });
  afterAll(() => close?.());

  it('chooses the page by the first path segment of the staff routes', async () => {
    const titleOf = async (p: string) => /<title>(\w+)<\/title>/.exec((await raw(`${url}${p}`, 'identity')).body.toString('utf8'))?.[1];
    expect(await titleOf('/dashboard')).toBe('staff');
    expect(await titleOf('/cert-flow/detail?id=CF1')).toBe('staff');
    expect(await titleOf('/')).toBe('staff');
    expect(await titleOf('/client/login/abc')).toBe('plain');
    expect(await titleOf('/login')).toBe('plain');
    expect(await titleOf('/dashboards')).toBe('plain');
  });
});
