// The environment of a production instance under test: shared by playwright.config.ts,
// the route derivation (e2e/support/doors/derive.ts) and the fuzzer's own instance.

import os from 'node:os'
import path from 'node:path'

/** What every production instance under test gets, whatever its port and mail catcher. */
export function appEnv(smtpPort: string | number, oidcUrl = process.env.OIDC_MOCK_URL): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: 'memory://',
    AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    EMAIL_SERVER: `smtp://127.0.0.1:${smtpPort}`,
    EMAIL_FROM: 'Start Books <noreply@example.com>',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
    // /api/metrics is walked and fuzzed as it runs in production: on, behind its token.
    METRICS_TOKEN: 'e2e-metrics-token-0123456789',
    // The suites sign in as the demo accounts, which production seeds only when asked.
    SEED_DEMO_DATA: 'true',
    // Pictures go to a folder of the run's, not the project's .data/uploads.
    UPLOADS_DIR: path.join(os.tmpdir(), `start-books-e2e-uploads-${smtpPort}`),
    ...(oidcUrl
      ? {
          OIDC_ISSUER: oidcUrl,
          OIDC_CLIENT_ID: 'start-books-e2e',
          OIDC_CLIENT_SECRET: 'start-books-e2e-secret',
          OIDC_NAME: 'Test OpenID',
        }
      : {}),
  }
}
