import { defineConfig, devices } from '@playwright/test'

// Tests read caught e-mails through e2e/support/mailbox.ts.
process.env.MAIL_CATCHER_URL ??= 'http://127.0.0.1:2526'

const baseURL = 'http://localhost:3100'

// Debian's system Chromium (installed by .ci/run), not a Playwright-downloaded browser.
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox', // CI runs as root
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // One shared in-memory database and mailbox: run tests one at a time.
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: { baseURL, trace: 'retain-on-failure', launchOptions },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: [
    {
      name: 'mail-catcher',
      command: 'npx tsx e2e/support/mail-catcher.ts',
      url: 'http://127.0.0.1:2526/health',
      reuseExistingServer: false,
    },
    {
      name: 'app',
      // The app is built by `npm run build` beforehand; this path is the pinned Node 24.
      command: 'node_modules/.bin/node .output/server/index.mjs',
      url: `${baseURL}/login`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        PORT: '3100',
        BASE_URL: baseURL,
        NODE_ENV: 'production',
        DATABASE_URL: 'memory://',
        AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        EMAIL_SERVER: 'smtp://127.0.0.1:2525',
        EMAIL_FROM: 'Start Books <noreply@example.com>',
        RATE_LIMIT: 'false',
        LOG_LEVEL: 'warn',
      },
    },
  ],
})
