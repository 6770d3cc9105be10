import path from 'node:path';
import type { Config } from '#infra/config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** S3 when S3_ENDPOINT is set (production), else a folder under the data directory (architecture §2). */
export function createFileStore(
  config: Pick<Config, 'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION' | 'dataDir'>,
): FileStore {
  if (config.S3_ENDPOINT) {
    // loadConfig already refuses an endpoint without credentials.
    return createS3FileStore({
      endpoint: config.S3_ENDPOINT,
      accessKey: config.S3_ACCESS_KEY ?? '',
      secretKey: config.S3_SECRET_KEY ?? '',
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
    });
  }
  return createLocalFileStore(path.join(config.dataDir, 'files'));
}
