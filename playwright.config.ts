import { defineConfig, devices } from '@playwright/test'

import { chromiumLaunchOptions } from './e2e/support/chromium'
import { appEnv as productionAppEnv } from './e2e/support/doors/app-env'
import { PGBOUNCER } from './src/test/pgbouncer'

// Ports can be moved (E2E_PORT, E2E_DEMO_PORT, MAIL_CATCHER_*_PORT) to run two suites side by side.
const appPort = process.env.E2E_PORT ?? '3100'
// A second app with DEMO_MODE=true for the `demo` project (e2e/demo*.spec.ts).
const demoPort = process.env.E2E_DEMO_PORT ?? '3102'
// A third app with AUTH_SIGNUP=false (login only) for the `login-only` project (e2e/login-only*.spec.ts).
const loginOnlyPort = process.env.E2E_LOGIN_ONLY_PORT ?? String(Number(appPort) + 4)
// The OpenID Connect provider the apps sign in with (e2e/support/oidc-server.ts).
const oidcPort = (process.env.OIDC_MOCK_PORT ??= String(Number(appPort) + 90))
process.env.OIDC_MOCK_URL ??= `http://localhost:${oidcPort}`
const smtpPort = (process.env.MAIL_CATCHER_SMTP_PORT ??= '2525')
const mailHttpPort = (process.env.MAIL_CATCHER_HTTP_PORT ??= '2526')
// Tests read caught e-mails through e2e/support/mailbox.ts.
process.env.MAIL_CATCHER_URL ??= `http://127.0.0.1:${mailHttpPort}`

const baseURL = `http://localhost:${appPort}`
const demoBaseURL = `http://localhost:${demoPort}`
const loginOnlyBaseURL = `http://localhost:${loginOnlyPort}`
const DEMO_SPECS = 'demo*.spec.ts'
const LOGIN_ONLY_SPECS = 'login-only*.spec.ts'
// The main user flows on a slow phone (e2e/support/slow-phone.ts), acting as soon as an element shows.
const PHONE_SPECS = '*.phone.spec.ts'

// The same production build and settings for all apps (shared with the door tests and the fuzzer).
const appEnv = productionAppEnv(smtpPort)

// The database of the main app, which every user flow (`chromium`, `slow-phone`) runs against:
// `pooler` is a fresh PostgreSQL database behind PgBouncer in pool_mode=transaction, as managed
// PostgreSQL runs it (e2e/support/pooled-app.ts; docs/decisions/042-e2e-behind-the-pooler.md);
// `pglite` the embedded in-memory database. Default: `pooler` where TEST_DATABASE_URL is set and
// PgBouncer installed (CI), else `pglite`. The demo and login-only apps stay on PGlite whatever
// the choice, so the embedded default is still run end to end.
const e2eDatabase = process.env.E2E_DATABASE ?? (process.env.TEST_DATABASE_URL && PGBOUNCER ? 'pooler' : 'pglite')
if (e2eDatabase !== 'pooler' && e2eDatabase !== 'pglite') throw new Error('E2E_DATABASE must be pooler or pglite')
if (e2eDatabase === 'pooler' && !(process.env.TEST_DATABASE_URL && PGBOUNCER))
  throw new Error('E2E_DATABASE=pooler needs TEST_DATABASE_URL and PgBouncer (apt-get install pgbouncer)')
const appServer =
  e2eDatabase === 'pooler'
    ? {
        command: 'node_modules/.bin/node --import tsx e2e/support/pooled-app.ts',
        // Time to stop the app and the pooler and drop the database.
        gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
      }
    : { command: 'node_modules/.bin/node .output/server/index.mjs' }

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // One shared database per app and one mailbox: run tests one at a time.
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'chromium',
      testIgnore: [DEMO_SPECS, LOGIN_ONLY_SPECS, PHONE_SPECS],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'slow-phone',
      testMatch: PHONE_SPECS,
      // Pages take seconds to arrive on this network: the steps wait for them as a person would.
      expect: { timeout: 20_000 },
      timeout: 120_000,
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunchOptions },
    },
    {
      name: 'demo',
      testMatch: DEMO_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions, baseURL: demoBaseURL },
    },
    {
      name: 'login-only',
      testMatch: LOGIN_ONLY_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions, baseURL: loginOnlyBaseURL },
    },
  ],
  webServer: [
    {
      name: 'mail-catcher',
      command: 'npx tsx e2e/support/mail-catcher.ts',
      url: `${process.env.MAIL_CATCHER_URL}/health`,
      reuseExistingServer: false,
    },
    {
      name: 'oidc-provider',
      command: 'npx tsx e2e/support/oidc-server.ts',
      url: `${process.env.OIDC_MOCK_URL}/health`,
      reuseExistingServer: false,
    },
    {
      name: 'app',
      // The app is built by `npm run build` beforehand; node_modules/.bin/node is the pinned Node 24.
      ...appServer,
      url: `${baseURL}/api/health/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { ...appEnv, PORT: appPort, BASE_URL: baseURL },
    },
    {
      name: 'demo-app',
      command: 'node_modules/.bin/node .output/server/index.mjs',
      url: `${demoBaseURL}/api/health/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ...appEnv,
        PORT: demoPort,
        BASE_URL: demoBaseURL,
        DEMO_MODE: 'true',
        // Shaped like the real default (a hyphen: a line may break after it).
        DEMO_CONTACT_EMAIL: 'demo@start-books.example',
        REPOSITORY_URL: 'https://github.com/start-books-e2e/start-books',
      },
    },
    {
      name: 'login-only-app',
      command: 'node_modules/.bin/node .output/server/index.mjs',
      url: `${loginOnlyBaseURL}/api/health/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { ...appEnv, PORT: loginOnlyPort, BASE_URL: loginOnlyBaseURL, AUTH_SIGNUP: 'false' },
    },
  ],
})
