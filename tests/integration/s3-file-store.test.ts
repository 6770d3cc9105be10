import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { createS3FileStore } from '#adapters/files/s3-file-store.ts';
import { createFileStore } from '#adapters/files/index.ts';
import { newFileKey } from '#adapters/files/file-key.ts';
import { loadConfig } from '#infra/config.ts';

// s3rver checks request signatures against its built-in credentials.
const CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

describe('S3 file store against a real S3-compatible server', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the bucket on first use and returns the bytes it stored', async () => {
    const store = createS3FileStore({ endpoint, ...CREDENTIALS, bucket: 'supplier-files', region: 'us-east-1' });
    const key = newFileKey();
    const body = Buffer.from('资质文件 — certificate of conformity\n');
    await store.put(key, body, 'text/plain; charset=utf-8');
    const stream = await store.get(key);
    expect(stream).not.toBeNull();
    expect((await buffer(stream!)).equals(body)).toBe(true);
    // The object really sits in the server's bucket folder, not in some local cache.
    expect(fs.existsSync(path.join(dir, 'supplier-files'))).toBe(true);
  });

  // Within one part (5 MB): s3rver lacks the listing of unfinished multipart uploads that the client
  // does before a multipart put, so larger streams are left to a real MinIO/S3.
  it('stores a stream (an upload read from its temporary file) and removes it', async () => {
    const store = createS3FileStore({ endpoint, ...CREDENTIALS, bucket: 'supplier-files', region: 'us-east-1' });
    const key = newFileKey();
    const body = Buffer.alloc(4 * 1024 * 1024);
    for (let i = 0; i < body.length; i += 4096) body.write(`chunk ${i}`, i);
    await store.put(key, Readable.from([body.subarray(0, 1_000_000), body.subarray(1_000_000)]), 'application/pdf', body.length);
    expect((await buffer((await store.get(key))!)).equals(body)).toBe(true);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
  });

  it('answers null for a key that was never stored', async () => {
    const store = createS3FileStore({ endpoint, ...CREDENTIALS, bucket: 'supplier-files', region: 'us-east-1' });
    expect(await store.get(newFileKey())).toBeNull();
  });

  it('refuses keys the server did not make', async () => {
    const store = createS3FileStore({ endpoint, ...CREDENTIALS, bucket: 'supplier-files', region: 'us-east-1' });
    await expect(store.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });

  it('is chosen by createFileStore when S3_ENDPOINT is set, and its check passes', async () => {
    const config = loadConfig({ S3_ENDPOINT: endpoint, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'checked-bucket', DATA_DIR: dir });
    const store = createFileStore(config);
    expect(store.kind).toBe('s3');
    await expect(store.check()).resolves.toBeUndefined();
    expect(createFileStore(loadConfig({ DATA_DIR: dir })).kind).toBe('local');
  });

  it('fails its check when the server is down', async () => {
    const store = createS3FileStore({ endpoint, ...CREDENTIALS, bucket: 'supplier-files', region: 'us-east-1' });
    await store.check();
    await server.close();
    await expect(store.check()).rejects.toThrow();
  });
});
