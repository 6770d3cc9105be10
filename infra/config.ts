import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { AdminAccount } from '#db/seeds/org.ts';
import { FACTORY_MAX_DEFAULT } from '#domain/supplier-change/change-form.ts';
import { adminPasswordProblem, clientSecretProblem, SECRET_ADVICE, secretProblem } from './config-safety.ts';
import { embeddedPagesSetting } from '#domain/shell/embedded-pages.ts';

/**
 * The whole runtime configuration, read once from the environment and frozen.
 * Every default is the embedded stack (`npm start`); setting a variable switches that part
 * to the production service of the same kind (architecture §2). Production (`APP_ENV=prod`) refuses
 * to start with a secret anyone could know and without its administrator (config-safety.ts).
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

/**
 * The proxies whose X-Forwarded-For tells the client's address (the per-IP limits key on it): a
 * comma-separated list of addresses, CIDR ranges or Express's names (loopback, linklocal, uniquelocal).
 * None by default, so a client cannot pick its own address by sending the header.
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const trustedProxies = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((p) => p.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine((p) => PROXY_NAMES.includes(p) || net.isIP(p.split('/')[0]) !== 0, { error: 'not an address, a CIDR range or loopback/linklocal/uniquelocal' })));

const fields = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  APP_ENV: z.enum(['dev', 'test', 'ptest', 'ontest', 'prod']).default('dev'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The interface the app listens on: this machine only, unless the container opens it (0.0.0.0). */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
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
  /** The ERP that creates vendors and supplier codes; unset, the embedded ERP simulator (development only). */
  ERP_URL: optionalUrl,
  ERP_USER: optionalString,
  // Not trimmed: a password's spaces are part of it.
  ERP_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Which processes this one runs: the embedded default runs both (PGlite serves one process). */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Signs invitation links; the embedded stack keeps a generated one under DATA_DIR. */
  APP_SECRET: optionalString,
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Req change §5.2: the most factories a supplier's information change may list. */
  SUPPLIER_FACTORY_MAX: z.coerce.number().int().min(1).max(9999).default(FACTORY_MAX_DEFAULT),
  TRUSTED_PROXIES: trustedProxies,
  /** Req shell §2.6: other systems' pages the shell frames at /embedded/{id}; JSON [{"id","title","titleEn"?,"url"}]. */
  EMBEDDED_PAGES: embeddedPagesSetting,
  /** Who reads the API reference (/v1/openapi.json, /v1/docs): anyone, signed-in staff, or nobody. */
  API_DOCS: z.enum(['public', 'staff', 'off']).optional(),
  /** Demo staff and suppliers: by default only in dev; 1 adds them elsewhere (never in prod), 0 leaves them out. */
  SEED_DEMO: optionalString.pipe(z.enum(['0', '1']).optional()),
  /** The administrator every start keeps as configured; required in production. */
  ADMIN_USERNAME: optionalString.pipe(z.string().max(100).optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  // Not trimmed: a password's spaces are part of it. 200 is the login form's limit.
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().max(200).optional()),
  /** Staff sign-in with the company account (OpenID Connect); unset, local accounts only. */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  // Not trimmed: issued by the provider, taken as it is.
  OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  OIDC_SCOPES: z.string().trim().default('openid email profile'),
  /** The claim holding the job number (matched first) and the one holding the e-mail (matched when verified). */
  OIDC_JOB_NUMBER_CLAIM: z.string().trim().min(1).default('employee_number'),
  OIDC_EMAIL_CLAIM: z.string().trim().min(1).default('email'),
});

/** What no start may run with; every refusal names its variable. */
function refuseUnsafe(c: z.infer<typeof fields>, ctx: z.RefinementCtx): void {
  const refuse = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
  const prod = c.APP_ENV === 'prod';

  if (c.APP_SECRET) {
    const problem = secretProblem(c.APP_SECRET);
    if (problem) refuse('APP_SECRET', `${problem}; ${SECRET_ADVICE}`);
  } else if (prod) {
    refuse('APP_SECRET', `is required in production; ${SECRET_ADVICE}`);
  } else if (c.ROLE !== 'all') {
    refuse('APP_SECRET', 'is required when the API and the worker run as separate processes');
  }

  // The ERP's basic credentials travel with every call: in production only over https.
  if (prod && c.ERP_URL && !c.ERP_URL.startsWith('https:')) refuse('ERP_URL', 'must be an https address in production (its credentials go with every call)');
  if (!c.ERP_URL && prod) {
    refuse('ERP_URL', 'is required in production: the ERP that creates vendors and their supplier codes (the embedded ERP simulator is for development)');
  } else if (!c.ERP_URL && c.ROLE !== 'all') {
    refuse('ERP_URL', 'is required when the API and the worker run as separate processes (each would start its own ERP simulator)');
  }

  if (prod && c.SEED_DEMO === '1') refuse('SEED_DEMO', 'must not be 1 in production: the demo accounts share a published password');

  const admin = { ADMIN_USERNAME: c.ADMIN_USERNAME, ADMIN_EMAIL: c.ADMIN_EMAIL, ADMIN_PASSWORD: c.ADMIN_PASSWORD };
  const wanted = (prod && c.ROLE !== 'worker') || Object.values(admin).some(Boolean);
  for (const [variable, value] of Object.entries(admin)) {
    if (wanted && !value) refuse(variable, prod ? 'is required in production (the administrator account)' : 'is required with the other ADMIN_ variables');
  }
  const oidc = { OIDC_ISSUER: c.OIDC_ISSUER, OIDC_CLIENT_ID: c.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: c.OIDC_CLIENT_SECRET };
  if (Object.values(oidc).some(Boolean)) {
    for (const [variable, value] of Object.entries(oidc)) if (!value) refuse(variable, 'is required with the other OIDC_ variables');
  }
  if (c.OIDC_CLIENT_SECRET) {
    const problem = clientSecretProblem(c.OIDC_CLIENT_SECRET);
    if (problem) refuse('OIDC_CLIENT_SECRET', problem);
  }
  // The provider's answers carry who logs in: in production only over https.
  if (prod && c.OIDC_ISSUER && !c.OIDC_ISSUER.startsWith('https:')) refuse('OIDC_ISSUER', 'must be an https address in production');
  if (!c.OIDC_SCOPES.split(/\s+/).includes('openid')) refuse('OIDC_SCOPES', 'must include openid');

  if (c.ADMIN_PASSWORD) {
    const problem = adminPasswordProblem(c.ADMIN_PASSWORD, c.ADMIN_USERNAME);
    if (problem) refuse('ADMIN_PASSWORD', problem);
  }
}

const schema = fields.superRefine(refuseUnsafe);

export type Config = Readonly<
  z.infer<typeof schema> & {
    publicUrl: string;
    temporalAddress: string;
    temporalUiUrl: string;
    embeddedTemporal: boolean;
    /** No ERP_URL: this start runs the ERP simulator as a child process. */
    embeddedErp: boolean;
    dataDir: string;
    appSecret: string;
    /** Whether this start seeds the demo staff and suppliers. */
    seedDemo: boolean;
    /** Whether the dev mailbox exists: a developer's own install, where no real mail leaves. */
    devMailbox: boolean;
    /** Who reads the API reference: API_DOCS, else signed-in staff in production and anyone elsewhere. */
    apiDocs: 'public' | 'staff' | 'off';
    admin?: AdminAccount;
    /** Sign-in with the company account, when the OIDC_ variables are set. */
    oidc?: OidcSettings;
  }
>;

/** The OpenID Connect client this installation is at the company's identity provider. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `<PUBLIC_URL origin>/v1/auth/oidc/callback`: register it at the provider. */
  redirectUri: string;
  /** The site origin, where the provider's logout returns (req shell §4): register it too. */
  postLogoutRedirectUri: string;
  scopes: string;
  jobNumberClaim: string;
  emailClaim: string;
}

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
  const dataDir = path.resolve(c.DATA_DIR);
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  const origin = new URL(publicUrl).origin;
  return Object.freeze({
    ...c,
    dataDir,
    appSecret: c.APP_SECRET ?? localSecret(dataDir, c.NODE_ENV === 'test'),
    publicUrl,
    temporalAddress: c.TEMPORAL_ADDRESS ?? `127.0.0.1:${c.TEMPORAL_PORT}`,
    temporalUiUrl: c.TEMPORAL_UI_URL ?? `http://localhost:${c.TEMPORAL_UI_PORT}`,
    embeddedTemporal: !c.TEMPORAL_ADDRESS,
    embeddedErp: !c.ERP_URL,
    seedDemo: c.SEED_DEMO ? c.SEED_DEMO === '1' : c.APP_ENV === 'dev',
    devMailbox: c.APP_ENV === 'dev' && !c.SMTP_URL,
    // The reference maps every call an attacker could try: in production only signed-in staff read it.
    apiDocs: c.API_DOCS ?? (c.APP_ENV === 'prod' ? 'staff' : 'public'),
    admin: c.ADMIN_USERNAME && c.ADMIN_EMAIL && c.ADMIN_PASSWORD ? { username: c.ADMIN_USERNAME, email: c.ADMIN_EMAIL, password: c.ADMIN_PASSWORD } : undefined,
    oidc:
      c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET
        ? {
            issuer: c.OIDC_ISSUER,
            clientId: c.OIDC_CLIENT_ID,
            clientSecret: c.OIDC_CLIENT_SECRET,
            redirectUri: `${origin}/v1/auth/oidc/callback`,
            postLogoutRedirectUri: `${origin}/`,
            scopes: c.OIDC_SCOPES,
            jobNumberClaim: c.OIDC_JOB_NUMBER_CLAIM,
            emailClaim: c.OIDC_EMAIL_CLAIM,
          }
        : undefined,
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
