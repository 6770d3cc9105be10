import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { FileStore } from './file-store.ts';
import { assertSafeFileKey } from './file-key.ts';

export interface S3Options {
  /** e.g. http://minio:9000 (https → TLS). */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/** MinIO or any S3-compatible store (production, architecture §2). The bucket is created on first use. */
export function createS3FileStore(opts: S3Options): FileStore {
  const url = new URL(opts.endpoint);
  const useSSL = url.protocol === 'https:';
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region: opts.region,
    // Path-style addressing works with MinIO and every S3-compatible server without DNS per bucket.
    pathStyle: true,
    // The smallest part S3 allows: a streamed upload above it goes up part by part, so at most a part
    // or two is held in memory, not the whole file (the client buffers anything up to one part).
    partSize: 5 * 1024 * 1024,
  });

  async function ensureBucket(): Promise<void> {
    if (await client.bucketExists(opts.bucket)) return;
    try {
      await client.makeBucket(opts.bucket, opts.region);
    } catch (err) {
      // Another process (api and worker start together) may have created it meanwhile.
      if (!(await client.bucketExists(opts.bucket))) throw err;
    }
  }

  let bucketReady: Promise<void> | undefined;
  function bucketOnce(): Promise<void> {
    bucketReady ??= ensureBucket().catch((err: unknown) => {
      bucketReady = undefined; // try again on the next call
      throw err;
    });
    return bucketReady;
  }

  return {
    kind: 's3',
    async put(key, body, contentType, size) {
      assertSafeFileKey(key);
      await bucketOnce();
      await client.putObject(opts.bucket, key, body, Buffer.isBuffer(body) ? body.length : size, { 'Content-Type': contentType });
    },
    async remove(key) {
      assertSafeFileKey(key);
      await client.removeObject(opts.bucket, key);
    },
    async get(key): Promise<Readable | null> {
      assertSafeFileKey(key);
      try {
        return await client.getObject(opts.bucket, key);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async check() {
      await ensureBucket();
    },
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket';
}
