import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * vite.config.ts read as the tools that only read it do (knip in `npm run lint`), in a process
 * of its own: what Vite warns while loading it, and whether loading it exits.
 */
function loadViteConfig(env: Record<string, string>) {
  const script = `
    import { loadConfigFromFile } from 'vite'
    const warnings = []
    const logger = { warn: (m) => warnings.push(m), warnOnce: (m) => warnings.push(m), info() {}, error() {},
      clearScreen() {}, hasErrorLogged: () => false, hasWarned: false }
    await loadConfigFromFile({ command: 'serve', mode: 'development' }, 'vite.config.ts', process.cwd(), 'warn', logger)
    console.log(JSON.stringify(warnings))`
  const { VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...parent } = process.env
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...parent, NODE_ENV: 'development', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('vite.config.ts', () => {
  it("loads while a dev server holds the embedded database folder, and warns nothing (Vite's native config loader can read it)", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vite-config-'))
    const dir = path.join(root, 'db')
    // This test's own process plays the running dev server.
    fs.writeFileSync(`${dir}.lock`, String(process.pid))

    const loaded = loadViteConfig({ DATABASE_URL: `file://${dir}` })

    expect(loaded.stderr).not.toMatch(/in use by another process/)
    expect(loaded.status).toBe(0)
    expect(JSON.parse(loaded.stdout.trim().split('\n').at(-1)!)).toEqual([])
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid))
    fs.rmSync(root, { recursive: true, force: true })
  }, 60_000)
})
