import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * The floors of src/server are the lint's (eslint.config.js, SERVER_FLOORS): a room
 * imports only rooms below its own. Here, every room stands on a floor (a new folder
 * fails until it is given one), nothing lies outside a room, and the architecture
 * page draws the same floors.
 */
// The lint's own list (plain JavaScript, read as it is).
const { SERVER_FLOORS } = (await import('../eslint.config.js' as string)) as { SERVER_FLOORS: string[][] }
const SERVER = resolve(import.meta.dirname, 'server')
const entries = readdirSync(SERVER, { withFileTypes: true })
const rooms = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name)
const onFloors = SERVER_FLOORS.flat()

describe('the floors of src/server', () => {
  it('hold every room, once, and no room that is gone', () => {
    expect(new Set(onFloors).size).toBe(onFloors.length)
    expect([...rooms].sort()).toEqual([...onFloors].sort())
  })

  it('leave no file outside a room', () => {
    const loose = entries.filter((entry) => !entry.isDirectory() && entry.name !== 'README.md')
    expect(loose.map((entry) => entry.name)).toEqual([])
  })

  it('are drawn as they are on the architecture page', () => {
    const page = readFileSync(join(SERVER, '../../docs/architecture.md'), 'utf8')
    const section = page.split('## Floors of src/server')[1]?.split('\n## ')[0] ?? ''
    // One line per floor, top floor first: `| 9 | pipeline, process | … |`.
    const drawn = [...section.matchAll(/^\|\s*(\d+)\s*\|([^|]+)\|/gm)].map(([, floor, names]) => [
      Number(floor),
      names!.split(',').map((name) => name.replace(/`/g, '').trim()),
    ])
    expect(drawn).toEqual(SERVER_FLOORS.map((names, index) => [index + 1, names]).reverse())
  })
})
