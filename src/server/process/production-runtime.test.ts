import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { PRODUCTION_ENVIRONMENT, PRODUCTION_NODE_FLAGS } from './production-runtime'

const root = path.resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('the production runtime', () => {
  const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!
  const dockerfile = read('Dockerfile')

  it('`npm start` runs node with its flags and environment', () => {
    for (const flag of PRODUCTION_NODE_FLAGS) expect(start).toMatch(new RegExp(`exec node (\\S+ )*${flag} `))
    for (const [name, value] of Object.entries(PRODUCTION_ENVIRONMENT))
      expect(start).toContain(`${name}=\${${name}:-${value}}`)
  })

  it('the Dockerfile runs node with its flags and environment', () => {
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1]
    expect(JSON.parse(command!)).toEqual(['node', ...PRODUCTION_NODE_FLAGS, '.output/server/index.mjs'])
    for (const [name, value] of Object.entries(PRODUCTION_ENVIRONMENT))
      expect(dockerfile).toMatch(new RegExp(`${name}=${value}\\b`))
  })
})
