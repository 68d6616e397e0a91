/**
 * Runs before every test file. Vitest exposes Vite's `import.meta.env` on
 * process.env, so BASE_URL is Vite's public base `/`, not the app's absolute
 * URL: the server's env() would refuse it ('Invalid base URL'). Tests that
 * need a base URL pass it to parseEnv() themselves. And no test ever sends a
 * real e-mail: without EMAIL_SERVER, mail goes to the dev mailbox.
 */
import { resetEnvForTests } from '@/lib/env.server'

if (process.env.BASE_URL === '/') delete process.env.BASE_URL
delete process.env.EMAIL_SERVER
resetEnvForTests()
