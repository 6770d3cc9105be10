import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The whole runtime configuration, read once from the environment and frozen.
 * Every default is the embedded stack (`npm start`); setting a variable switches that part
 * to the production service of the same kind (DESIGN §2).
 */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** Unset and empty both mean "not configured". */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  APP_ENV: z.enum(['dev', 'test', 'ptest', 'ontest', 'prod']).default('dev'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalUrl,
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_PORT: z.coerce.number().int().default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().default(8233),
  TEMPORAL_UI_URL: optionalUrl,
  TEMPORAL_CLI: optionalString,
  TEMPORAL_TASK_QUEUE: z.string().default('certification'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_BUCKET: z.string().default('supplier-files'),
  S3_REGION: z.string().default('us-east-1'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Supplier Onboarding <no-reply@supplier.example.com>'),
  ERP_URL: optionalUrl,
  /** Which processes this one runs: the embedded default runs both (PGlite serves one process). */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Signs invitation links; the embedded stack keeps a generated one under DATA_DIR. */
  APP_SECRET: optionalString.pipe(z.string().min(32).optional()),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
});

export type Config = Readonly<
  z.infer<typeof schema> & {
    publicUrl: string;
    temporalAddress: string;
    temporalUiUrl: string;
    embeddedTemporal: boolean;
    dataDir: string;
    appSecret: string;
  }
>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.S3_ENDPOINT && (!c.S3_ACCESS_KEY || !c.S3_SECRET_KEY)) {
    throw new Error('Invalid configuration: S3_ENDPOINT is set, so S3_ACCESS_KEY and S3_SECRET_KEY are required');
  }
  if (!c.APP_SECRET && c.ROLE !== 'all') {
    throw new Error('Invalid configuration: APP_SECRET is required when the API and the worker run as separate processes');
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return Object.freeze({
    ...c,
    dataDir,
    appSecret: c.APP_SECRET ?? localSecret(dataDir, c.NODE_ENV === 'test'),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    temporalAddress: c.TEMPORAL_ADDRESS ?? `127.0.0.1:${c.TEMPORAL_PORT}`,
    temporalUiUrl: c.TEMPORAL_UI_URL ?? `http://localhost:${c.TEMPORAL_UI_PORT}`,
    embeddedTemporal: !c.TEMPORAL_ADDRESS,
  });
}

/** The embedded stack's secret: generated once and kept beside its data, so links survive restarts. */
function localSecret(dataDir: string, ephemeral: boolean): string {
  if (ephemeral) return crypto.randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'app-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
