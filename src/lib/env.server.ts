import { z } from 'zod'

// Relative, with extensions: vite.config.ts imports this file (see src/server/db/client.server.ts).
import packageJson from '../../package.json' with { type: 'json' }
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from '../server/db/timeouts.server.ts'
import { parseTrustProxy } from '../server/http/client-address.server.ts'
import { parseColor } from './color.ts'
import { repositoryWebUrl } from './repository.ts'

/**
 * Run-time configuration, read from the process environment by the server.
 * A production build is never rebuilt to change these: they are parsed when
 * the server starts and an invalid value stops it with the product's message
 * (docs/product.md#validation).
 */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional())

/** A duration in whole seconds, 1 to a day, `fallback` when unset. */
const seconds = (name: string, fallback: number) =>
  z
    .preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: `${name} must be a number of seconds` })
        .int(`${name} must be a whole number of seconds`)
        .min(1, `${name} must be at least 1`)
        .max(24 * 60 * 60, `${name} must be at most 86400 (a day)`)
        .optional(),
    )
    .default(fallback)

/** A wait on the database, in seconds (decimals allowed), at most an hour. */
const databaseSeconds = (name: string, defaultMs: number) =>
  optional(
    z.coerce
      .number({ message: `${name} must be a number of seconds` })
      .min(0.1, `${name} must be between 0.1 and 3600 seconds`)
      .max(3600, `${name} must be between 0.1 and 3600 seconds`),
  ).default(defaultMs / 1000)

/** The project's repository, when package.json names one (REPOSITORY_URL replaces it). */
const PACKAGE_REPOSITORY = repositoryWebUrl((packageJson as { repository?: unknown }).repository)
/** Without a repository, the welcome page's links stay in the app: its own about page. */
export const LOCAL_DOCS_URL = '/about'
export const LOCAL_ISSUES_URL = '/about#issues'
/** The contact address until one is configured: refused by a production demo, which shows it to every visitor. */
export const PLACEHOLDER_CONTACT_EMAIL = 'contact@example.com'

export const envSchema = z
  .object({
    // Strict: a misspelt NODE_ENV must not silently run as development.
    NODE_ENV: optional(
      z.enum(['development', 'production', 'test'], {
        message: 'NODE_ENV must be development, production or test',
      }),
    ).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // http(s) only: `localhost:3000` parses as a URL of scheme `localhost:`.
    BASE_URL: optional(z.url({ protocol: /^https?$/, message: 'Invalid base URL' })),
    DATABASE_URL: optional(
      z
        .string()
        .refine(
          (value) =>
            value === 'memory://' ||
            value.startsWith('postgres://') ||
            value.startsWith('postgresql://') ||
            value.startsWith('file://'),
          'Invalid database URL: use memory://, file://<folder> or postgres://…',
        ),
    ),
    // Seconds the app waits on PostgreSQL before it answers 503 (docs/deploy/README.md#when-the-database-cannot-be-reached).
    DATABASE_CONNECT_TIMEOUT: databaseSeconds('DATABASE_CONNECT_TIMEOUT', DEFAULT_DATABASE_TIMEOUTS.connectMs),
    DATABASE_ACQUIRE_TIMEOUT: databaseSeconds('DATABASE_ACQUIRE_TIMEOUT', DEFAULT_DATABASE_TIMEOUTS.acquireMs),
    DATABASE_QUERY_TIMEOUT: databaseSeconds('DATABASE_QUERY_TIMEOUT', DEFAULT_DATABASE_TIMEOUTS.queryMs),
    // A connection straight to PostgreSQL when DATABASE_URL goes through a transaction pooler (PgBouncer…): the
    // change notices' LISTEN, the migrations' lock and the job queue (docs/deploy/past-one-machine.md).
    DATABASE_DIRECT_URL: optional(
      z
        .string()
        .refine(
          isPostgresUrl,
          'DATABASE_DIRECT_URL must be a postgres:// URL of the PostgreSQL server itself (not the pooler)',
        ),
    ),
    // Streaming replicas (comma-separated postgres:// URLs) for the reads that tolerate a little lag; one
    // further behind than DATABASE_REPLICA_MAX_LAG_SECONDS, or unreachable, is skipped (docs/deploy/past-one-machine.md).
    DATABASE_REPLICA_URLS: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, ctx) => {
      const urls = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
      const wrong = urls.find((url) => !isPostgresUrl(url))
      if (wrong) {
        ctx.addIssue({
          code: 'custom',
          message: `DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// URLs: ${wrong}`,
        })
        return z.NEVER
      }
      return urls
    }),
    DATABASE_REPLICA_MAX_LAG_SECONDS: optional(
      z.coerce
        .number({ message: 'DATABASE_REPLICA_MAX_LAG_SECONDS must be a number of seconds' })
        .min(0.1, 'DATABASE_REPLICA_MAX_LAG_SECONDS must be between 0.1 and 300 seconds')
        .max(300, 'DATABASE_REPLICA_MAX_LAG_SECONDS must be between 0.1 and 300 seconds'),
    ).default(5),
    AUTH_SECRET: optional(z.string().min(32, 'AUTH_SECRET must be at least 32 characters')),
    EMAIL_SERVER: optional(z.string().regex(/^smtps?:\/\//, 'EMAIL_SERVER must be an smtp:// or smtps:// URL')),
    EMAIL_FROM: optional(z.string()).default('Start Books <noreply@example.com>'),
    GITHUB_CLIENT_ID: optional(z.string()),
    GITHUB_CLIENT_SECRET: optional(z.string()),
    // A generic OpenID Connect provider (discovery from the issuer URL).
    OIDC_ISSUER: optional(z.url({ protocol: /^https?$/, message: 'OIDC_ISSUER must be an http(s) URL' })),
    OIDC_CLIENT_ID: optional(z.string()),
    OIDC_CLIENT_SECRET: optional(z.string()),
    OIDC_NAME: optional(z.string()).default('OpenID Connect'),
    // Login only (false) or login or sign up (true); demo mode forces login only.
    AUTH_SIGNUP: z
      .preprocess(
        emptyToUndefined,
        z.enum(['true', 'false'], { message: 'AUTH_SIGNUP must be true or false' }).default('true'),
      )
      .transform((value) => value === 'true'),
    DEMO_MODE: z
      .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false'))
      .transform((value) => value === 'true'),
    // The demo accounts (admin@admin.com, user@user.com), 100 users and 120 books on an empty database.
    // Default: on in development, tests and demo mode; off in production, where anyone who read the
    // README could sign in as the demo admin. Genres are seeded either way.
    SEED_DEMO_DATA: optional(z.enum(['true', 'false'], { message: 'SEED_DEMO_DATA must be true or false' })),
    // The first administrator of a deployment: this address is made admin when its account is created
    // (its first sign-in, with a verified address). `npm run admin:create EMAIL` does it for an existing account.
    ADMIN_EMAIL: optional(z.email({ message: 'ADMIN_EMAIL must be an e-mail address' })).transform((value) =>
      value?.toLowerCase(),
    ),
    // Shown in the demo-mode dialog: who to write to about the demo.
    DEMO_CONTACT_EMAIL: optional(z.email({ message: 'DEMO_CONTACT_EMAIL must be an e-mail address' })).default(
      PLACEHOLDER_CONTACT_EMAIL,
    ),
    ENV_NAME: optional(z.string()),
    ENV_EMOJI: optional(z.emoji({ message: 'ENV_EMOJI must be an emoji' })),
    ENV_COLOR: optional(
      z
        .string()
        .refine(
          (value) => parseColor(value) !== undefined,
          'ENV_COLOR must be a colour: #rgb, #rrggbb, rgb(…), hsl(…) or a CSS colour name',
        ),
    ),
    // The project's source (default: package.json's `repository`): the demo dialog's clone command, the welcome page's links.
    REPOSITORY_URL: optional(z.url({ protocol: /^https?$/, message: 'REPOSITORY_URL must be an http(s) URL' })),
    // Where the welcome page points for documentation and for open issues
    // (default: the repository's README and issues, else the app's about page).
    DOCS_URL: optional(z.url({ protocol: /^https?$/, message: 'DOCS_URL must be an http(s) URL' })),
    ISSUES_URL: optional(z.url({ protocol: /^https?$/, message: 'ISSUES_URL must be an http(s) URL' })),
    RATE_LIMIT: z
      .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true'))
      .transform((value) => value === 'true'),
    // Other origins (besides BASE_URL's) whose pages may send state-changing requests.
    TRUSTED_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, ctx) => {
      const origins: string[] = []
      for (const entry of (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const origin = originOf(entry)
        if (!origin) {
          ctx.addIssue({
            code: 'custom',
            message: `TRUSTED_ORIGINS must be a comma-separated list of http(s) origins (e.g. https://admin.example.com): ${entry}`,
          })
          return z.NEVER
        }
        origins.push(origin)
      }
      return origins
    }),
    // Which proxies may tell the client's address (X-Forwarded-For): a number of hops or their addresses.
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, ctx) => {
      const trust = parseTrustProxy(value)
      if (!trust) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses or CIDR ranges (e.g. 1, or 10.0.0.0/8,192.168.1.2)',
        })
        return z.NEVER
      }
      return trust
    }),
    MAX_BODY_BYTES: z
      .preprocess(
        emptyToUndefined,
        z.coerce
          .number({ message: 'MAX_BODY_BYTES must be a number of bytes' })
          .int('MAX_BODY_BYTES must be a whole number of bytes')
          .min(1024, 'MAX_BODY_BYTES must be at least 1024')
          .max(1024 ** 3, 'MAX_BODY_BYTES must be at most 1073741824 (1 GB)')
          .optional(),
      )
      .default(1024 * 1024),
    // The bearer token /api/metrics asks for; unset, there are no metrics (docs/deploy/observability.md).
    METRICS_TOKEN: optional(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters')),
    // Where traces go (OTLP over HTTP, JSON); unset, OpenTelemetry is not loaded (docs/deploy/observability.md).
    OTEL_EXPORTER_OTLP_ENDPOINT: optional(
      z.url({
        protocol: /^https?$/,
        message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (e.g. http://collector:4318)',
      }),
    ),
    // Pictures (covers, avatars): the largest upload accepted, in bytes (5 MB).
    MAX_UPLOAD_BYTES: z
      .preprocess(
        emptyToUndefined,
        z.coerce
          .number({ message: 'MAX_UPLOAD_BYTES must be a number of bytes' })
          .int('MAX_UPLOAD_BYTES must be a whole number of bytes')
          .min(1024, 'MAX_UPLOAD_BYTES must be at least 1024')
          .max(100 * 1024 ** 2, 'MAX_UPLOAD_BYTES must be at most 104857600 (100 MB)')
          .optional(),
      )
      .default(5 * 1024 * 1024),
    // Where pictures are kept without S3: a folder (created if missing).
    UPLOADS_DIR: optional(z.string()).default('./.data/uploads'),
    // Any S3-compatible store instead of the folder: S3_BUCKET turns it on.
    S3_BUCKET: optional(z.string()),
    S3_REGION: optional(z.string()).default('us-east-1'),
    S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http(s) URL' })),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    // Path-style URLs (http://host/bucket/key), which MinIO and most local stores need; AWS takes either.
    S3_FORCE_PATH_STYLE: z
      .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true'))
      .transform((value) => value === 'true'),
    // The proof of presence (decision 035): open this many seconds after the sign-in and after
    // each protected action (sliding), and never longer than PROOF_MAX_AGE_SECONDS after the sign-in.
    PROOF_WINDOW_SECONDS: seconds('PROOF_WINDOW_SECONDS', 15 * 60),
    PROOF_MAX_AGE_SECONDS: seconds('PROOF_MAX_AGE_SECONDS', 2 * 60 * 60),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
    // Days the audit trail keeps an entry; a daily job deletes older ones.
    AUDIT_RETENTION_DAYS: optional(
      z.coerce
        .number({ message: 'AUDIT_RETENTION_DAYS must be a number of days' })
        .int('AUDIT_RETENTION_DAYS must be a whole number of days')
        .min(1, 'AUDIT_RETENTION_DAYS must be between 1 and 36500 days')
        .max(36_500, 'AUDIT_RETENTION_DAYS must be between 1 and 36500 days'),
    ).default(365),
    // Seconds that in-flight requests get to finish after SIGTERM/SIGINT.
    SHUTDOWN_TIMEOUT: optional(
      z.coerce
        .number({ message: 'SHUTDOWN_TIMEOUT must be a number of seconds' })
        .min(0, 'SHUTDOWN_TIMEOUT must be between 0 and 3600 seconds')
        .max(3600, 'SHUTDOWN_TIMEOUT must be between 0 and 3600 seconds'),
    ).default(10),
    // Seconds between readiness turning 503 and the port closing, for load balancers that poll readiness.
    SHUTDOWN_DELAY: optional(
      z.coerce
        .number({ message: 'SHUTDOWN_DELAY must be a number of seconds' })
        .min(0, 'SHUTDOWN_DELAY must be between 0 and 600 seconds')
        .max(600, 'SHUTDOWN_DELAY must be between 0 and 600 seconds'),
    ).default(0),
  })
  .transform((env) => {
    const repository = env.REPOSITORY_URL ? repositoryWebUrl(env.REPOSITORY_URL) : PACKAGE_REPOSITORY
    const isProduction = env.NODE_ENV === 'production'
    const baseUrl = env.BASE_URL ?? `http://localhost:${env.PORT}`
    return {
      ...env,
      BASE_URL: baseUrl,
      TRUSTED_ORIGINS:
        env.NODE_ENV === 'development' ? [...env.TRUSTED_ORIGINS, ...loopbackTwins(baseUrl)] : env.TRUSTED_ORIGINS,
      SEED_DEMO_DATA: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === 'true' : !isProduction || env.DEMO_MODE,
      REPOSITORY_URL: repository,
      DOCS_URL: env.DOCS_URL ?? (repository ? `${repository}#readme` : LOCAL_DOCS_URL),
      ISSUES_URL: env.ISSUES_URL ?? (repository ? `${repository}/issues` : LOCAL_ISSUES_URL),
      isProduction,
    }
  })
  .superRefine((env, ctx) => {
    for (const variable of ['DATABASE_DIRECT_URL', 'DATABASE_REPLICA_URLS'] as const) {
      if (env[variable]?.length && !isPostgresUrl(env.DATABASE_URL ?? '')) {
        ctx.addIssue({ code: 'custom', path: [variable], message: embeddedRefuses(variable) })
      }
    }
    // A provider is configured completely or not at all.
    const pairs = [
      ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
      ['OIDC_ISSUER', 'OIDC_CLIENT_ID'],
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
      ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ] as const
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `${missing} is required with ${missing === a ? b : a}`,
        })
      }
    }
    if (env.isProduction && !env.EMAIL_SERVER) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMAIL_SERVER'],
        message:
          'EMAIL_SERVER is required in production (smtp://user:password@host:port): the dev mailbox is off there',
      })
    }
    if (env.isProduction && env.DEMO_MODE && env.DEMO_CONTACT_EMAIL.toLowerCase() === PLACEHOLDER_CONTACT_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_CONTACT_EMAIL'],
        message: `DEMO_CONTACT_EMAIL is required in production demo mode: the demo dialog shows it to every visitor (${PLACEHOLDER_CONTACT_EMAIL} is a placeholder)`,
      })
    }
    if (env.isProduction && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'AUTH_SECRET is required in production (32 characters or more, e.g. `openssl rand -base64 32`)',
      })
    }
  })

/** Why a variable of a multi-machine deployment makes no sense with the embedded database. */
export function embeddedRefuses(variable: string) {
  return `${variable} needs DATABASE_URL to be a PostgreSQL server (postgres://…): the embedded database (memory://, file://) is one process with one connection`
}

function isPostgresUrl(value: string) {
  return value.startsWith('postgres://') || value.startsWith('postgresql://')
}

/** `https://a.example/` → `https://a.example`; undefined for anything that is not an http(s) origin. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1']

/**
 * The same address under the other loopback name (http://127.0.0.1:3000 for http://localhost:3000):
 * a dev server answers on both, so a page opened at either may sign in.
 */
function loopbackTwins(baseUrl: string): string[] {
  const url = new URL(baseUrl)
  if (!LOOPBACK_NAMES.includes(url.hostname)) return []
  return LOOPBACK_NAMES.filter((name) => name !== url.hostname).map((name) => {
    const twin = new URL(url.origin)
    twin.hostname = name
    return twin.origin
  })
}

function originOf(text: string): string | undefined {
  try {
    const url = new URL(text)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    if (url.pathname !== '/' || url.search || url.hash || url.username) return undefined
    return url.origin
  } catch {
    return undefined
  }
}

export type Env = z.output<typeof envSchema>

export class InvalidEnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`)
    this.name = 'InvalidEnvError'
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    throw new InvalidEnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  }
  return result.data
}

let cached: Env | undefined

/** The database waits of `env`, in milliseconds (src/server/db/timeouts.server.ts). */
export function databaseTimeouts(env: Env): DatabaseTimeouts {
  return {
    connectMs: env.DATABASE_CONNECT_TIMEOUT * 1000,
    acquireMs: env.DATABASE_ACQUIRE_TIMEOUT * 1000,
    queryMs: env.DATABASE_QUERY_TIMEOUT * 1000,
  }
}

/** The validated environment of this process (parsed once). */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/** Tests change process.env between suites. */
export function resetEnvForTests() {
  cached = undefined
}
