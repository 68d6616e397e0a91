import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

interface LockedPackage {
  optionalDependencies?: Record<string, string>
}

const root = path.resolve(import.meta.dirname, '..')
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>
}

/** Where npm finds `name` for the package at `at`: its own node_modules, then each ancestor's. */
function resolve(at: string, name: string): string | undefined {
  for (let dir = at; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`
    if (candidate in lock.packages) return candidate
    if (!dir) return undefined
  }
}

describe('package-lock.json', () => {
  // A lock file written on one platform can drop the native packages of the others (Tailwind's
  // oxide, oxc's parser for darwin and win32): `npm ci` on a Mac then installs no binding and
  // `npm run dev` fails. Each optional dependency must have its own entry.
  it('locks every optional dependency, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([at, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !resolve(at, name))
        .map((name) => `${at || '(root)'} → ${name}`),
    )
    expect(missing).toEqual([])
  })
})
