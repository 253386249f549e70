import { z } from 'zod';

/** The local-only admin password used when ADMIN_PASSWORD is unset; refused in production. */
export const DEFAULT_ADMIN_EMAIL = 'admin@nec-cargo.example';
export const DEFAULT_ADMIN_PASSWORD = 'change-me-local-admin';

const DATABASE_URL_SCHEMES = ['file:', 'libsql:', 'http:', 'https:', 'ws:', 'wss:'];

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .refine((url) => DATABASE_URL_SCHEMES.some((scheme) => url.startsWith(scheme)), {
      message: `must start with one of ${DATABASE_URL_SCHEMES.join(' ')}`,
    })
    .default('file:.data/courier.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(12, { message: 'must be at least 12 characters' }).optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Set by Netlify: production, deploy-preview, branch-deploy or dev. */
  CONTEXT: z.string().optional(),
  /** Set to "true" by netlify-cli when it serves functions locally (`netlify serve` also says CONTEXT=production). */
  NETLIFY_LOCAL: z.string().optional(),
  /** Set to "true" by `netlify dev` and `netlify functions:serve`. */
  NETLIFY_DEV: z.string().optional(),
  /** The mail server, e.g. smtp://user:pass@host:587 (smtps:// for TLS from the start). Unset: emails stay in the outbox. */
  SMTP_URL: z
    .string()
    .refine((url) => /^smtps?:\/\/[^/]/.test(url), { message: 'must look like smtp://user:pass@host:587' })
    .optional(),
  /** The sender of every email, e.g. "NEC Cargo <no-reply@example.com>". */
  MAIL_FROM: z.string().max(300).optional(),
  /** The site's public address, for links in emails; else Netlify's URL, else the local default. */
  SITE_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  /** Set by Netlify: the site's main address. */
  URL: z.string().optional(),
  /** Set by Netlify in functions: lets a function purge the CDN's cached lookups after a write. Unset: nothing to purge. */
  NETLIFY_PURGE_API_TOKEN: z.string().optional(),
  /** Set by Netlify: the site whose CDN cache is purged. */
  SITE_ID: z.string().optional(),
  /** Where cache purges are sent (default Netlify's API; tests point it at a local recorder). */
  NETLIFY_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  /** Where the public lookups' window counts live when the database is not a local file (default: the temp folder). */
  RATE_LIMIT_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema> & {
  isProduction: boolean;
  /**
   * On Netlify's servers, any context: a deployed function is told its site (SITE_ID) but not its context,
   * a build is told both. netlify dev and serve say NETLIFY_LOCAL, whatever they name.
   */
  deployed: boolean;
  /** netlify dev and serve run each function call in a fresh worker: module state does not outlive a call. */
  freshWorkerPerCall: boolean;
  /** Under the test runner (NODE_ENV=test), never deployed: new password hashes are cheap (password.ts). */
  testRun: boolean;
};

/** A configuration problem, described in one line that names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

let cached: { source: string; env: Env } | undefined;

const KEYS = Object.keys(envSchema.shape);

/** Reads and validates the environment on first use (and again whenever it changed, e.g. in tests). */
export function getEnv(): Env {
  // Every call compares the variables with the last read (a few calls a request): as plain text, cheaply.
  const values = KEYS.map((key) => process.env[key]?.trim() ?? '');
  const source = values.join('\u0000');
  if (cached?.source === source) return cached.env;
  const raw = Object.fromEntries(KEYS.flatMap((key, i) => (values[i] ? [[key, values[i]]] : [])));

  const result = envSchema.safeParse(raw);
  if (!result.success) {
    // biome-ignore lint/style/noNonNullAssertion: a failed zod parse has at least one issue
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const local = result.data.NETLIFY_LOCAL === 'true';
  const deployed = !local && Boolean(result.data.SITE_ID || result.data.CONTEXT);
  const env = {
    ...result.data,
    isProduction: result.data.NODE_ENV === 'production' || (result.data.CONTEXT === 'production' && !local),
    deployed,
    freshWorkerPerCall: local || result.data.NETLIFY_DEV === 'true',
    testRun: result.data.NODE_ENV === 'test' && !deployed,
  };
  cached = { source, env };
  return env;
}

/** The site's public origin (no trailing slash), for links that leave the site in emails. */
export function siteUrl(env: Env = getEnv()): string {
  return (env.SITE_URL ?? env.URL ?? 'http://localhost:8888').replace(/\/+$/, '');
}

/** The admin account the seed creates: from ADMIN_EMAIL/ADMIN_PASSWORD, or the local default outside production. */
export function seedAdminCredentials(env: Env = getEnv()): { email: string; password: string; isDefault: boolean } {
  if (env.ADMIN_PASSWORD) {
    return { email: env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL, password: env.ADMIN_PASSWORD, isDefault: false };
  }
  if (env.isProduction) {
    throw new ConfigError('Invalid environment variable ADMIN_PASSWORD: required in production');
  }
  return { email: env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD, isDefault: true };
}
