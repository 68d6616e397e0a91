import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetEnvForTests } from '@/lib/env.server'
import { DemoModeError } from './demo-error'
import { demoGuard } from './demo-guard'

const { setResponseStatus } = vi.hoisted(() => ({ setResponseStatus: vi.fn() }))
vi.mock('@tanstack/react-start/server', () => ({ setResponseStatus }))

type ServerMiddleware = (options: { next: () => Promise<unknown> }) => Promise<unknown>
const run = demoGuard.options.server as unknown as ServerMiddleware

function withDemoMode(value: string) {
  process.env.DEMO_MODE = value
  resetEnvForTests()
}

describe('demoGuard (server function middleware)', () => {
  const saved = process.env.DEMO_MODE
  beforeEach(() => setResponseStatus.mockClear())
  afterEach(() => {
    if (saved === undefined) delete process.env.DEMO_MODE
    else process.env.DEMO_MODE = saved
    resetEnvForTests()
  })

  it('refuses the call in demo mode: the handler never runs', async () => {
    withDemoMode('true')
    let called = false
    await expect(run({ next: async () => (called = true) })).rejects.toBeInstanceOf(DemoModeError)
    await expect(run({ next: async () => null })).rejects.toMatchObject({ message: 'DEMO_MODE', status: 403 })
    expect(called).toBe(false)
    expect(setResponseStatus).toHaveBeenCalledWith(403)
  })

  it('lets the call through otherwise', async () => {
    withDemoMode('false')
    await expect(run({ next: async () => 'handled' })).resolves.toBe('handled')
    expect(setResponseStatus).not.toHaveBeenCalled()
  })
})

/**
 * Every server function that may change data (method POST) carries the
 * guard: a new one without it fails here, not in production.
 */
describe('every POST server function', () => {
  const files = fs
    .readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join('src', file))

  const postFunctions = files.flatMap((file) => {
    const source = fs.readFileSync(file, 'utf8')
    return [...source.matchAll(/createServerFn\(\s*\{[^}]*method:\s*'POST'[^}]*\}\s*\)([\s\S]*?)\.handler\(/g)].map(
      (match) => ({ file, chain: match[1]! }),
    )
  })

  it('are found (submitOnboarding at least)', () => {
    expect(postFunctions.some(({ file }) => file.endsWith('auth.functions.ts'))).toBe(true)
  })

  it('use the demoGuard middleware', () => {
    for (const { file, chain } of postFunctions) {
      expect(chain, `a POST server function in ${file} lacks .middleware([demoGuard])`).toMatch(
        /\.middleware\(\s*\[[^\]]*\bdemoGuard\b/,
      )
    }
  })
})
