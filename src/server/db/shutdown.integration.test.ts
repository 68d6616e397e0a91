import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-shutdown-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** Starts a process holding a PGlite folder, as `npm run dev` / `npm start` do. */
async function startHolder(folder: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/fixtures/hold-database.ts'], {
    env: { ...process.env, DATABASE_URL: `file://${folder}`, LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  const deadline = Date.now() + 60_000
  while (!output.includes('ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`holder did not start: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return child
}

describe.runIf(!onPostgres)('shutdown of a process holding the embedded database', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`closes the database, releases the lock and exits 0 on ${signal}`, async () => {
      const folder = path.join(root, signal, 'db')
      const holder = await startHolder(folder)
      expect(fs.existsSync(`${folder}.lock`)).toBe(true)

      holder.kill(signal)
      const [code] = await once(holder, 'exit')
      expect(code).toBe(0)
      expect(fs.existsSync(`${folder}.lock`)).toBe(false)

      // The folder is intact: it opens again, already seeded.
      const again = await startHolder(folder)
      again.kill('SIGTERM')
      await once(again, 'exit')
    }, 90_000)
  }
})
