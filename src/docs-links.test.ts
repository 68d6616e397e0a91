import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * Every pointer to the docs resolves: a decision record named in a comment
 * (`docs/decisions/NNN-title.md`, or `docs/decisions/NNN`), a `docs/….md#anchor`
 * link, and every relative link of a Markdown page (README.md, docs/) to
 * another file or to one of its headings. A record renumbered, a page
 * renamed or a heading reworded fails here, not in a newcomer's hands.
 */
const ROOT = resolve(import.meta.dirname, '..')
const SCANNED = ['src', 'e2e', 'scripts', 'bench', 'docs']
const TEXT = /\.(ts|tsx|js|mjs|md|conf)$/
const SKIPPED = new Set(['node_modules', 'locales'])

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (SKIPPED.has(name)) return []
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return filesUnder(path)
    return TEXT.test(name) && !name.endsWith('.gen.ts') ? [path] : []
  })
}

const FILES = [...SCANNED.flatMap((folder) => filesUnder(join(ROOT, folder))), join(ROOT, 'README.md')]
const THIS_FILE = resolve(import.meta.filename)

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

const anchorsCache = new Map<string, Set<string>>()

/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`…). */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsCache.get(file)
  if (anchors) return anchors
  anchors = new Set()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*$/.exec(line)
    if (!heading) continue
    const slug = headingSlug(heading[1]!)
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  anchorsCache.set(file, anchors)
  return anchors
}

interface Pointer {
  from: string
  text: string
  /** The file it points to, from the repository's root. */
  target: string
  anchor?: string
}

const DECISIONS = readdirSync(join(ROOT, 'docs/decisions'))

function pointersIn(file: string): Pointer[] {
  const text = readFileSync(file, 'utf8')
  const from = relative(ROOT, file)
  const pointers: Pointer[] = []
  // docs/decisions/NNN-title.md, or docs/decisions/NNN alone: the record numbered NNN.
  for (const match of text.matchAll(/docs\/decisions\/(\d{3})([\w.-]*)/g)) {
    const name = match[2]!.replace(/\.$/, '')
    const target = name.endsWith('.md')
      ? `${match[1]}${name}`
      : (DECISIONS.find((record) => record.startsWith(`${match[1]}-`)) ?? `${match[1]}-?.md`)
    pointers.push({ from, text: match[0], target: `docs/decisions/${target}` })
  }
  // docs/page.md#anchor, wherever it is written.
  for (const match of text.matchAll(/(?<![\w/.-])(docs\/[\w/.-]+\.md)#([\w-]+)/g)) {
    pointers.push({ from, text: match[0], target: match[1]!, anchor: match[2] })
  }
  // A Markdown page's relative links: [text](other.md#anchor), [text](#anchor), [text](../file).
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1]!
      if (/^[a-z]+:/i.test(link) || link.startsWith('<')) continue
      const [path, anchor] = link.split('#') as [string, string | undefined]
      const target = path ? relative(ROOT, resolve(dirname(file), path)) : from
      pointers.push({ from, text: match[0], target, anchor })
    }
  }
  return pointers
}

const POINTERS = FILES.filter((file) => file !== THIS_FILE).flatMap(pointersIn)

describe('links to the docs', () => {
  it('finds the pointers it checks', () => {
    expect(POINTERS.filter((pointer) => pointer.target.startsWith('docs/decisions/')).length).toBeGreaterThan(20)
    expect(POINTERS.some((pointer) => pointer.anchor)).toBe(true)
  })

  it('point to files that exist', () => {
    const broken = POINTERS.filter((pointer) => !existsSync(join(ROOT, pointer.target))).map(
      (pointer) => `${pointer.from}: ${pointer.text}`,
    )
    expect(broken).toEqual([])
  })

  it('point to headings that exist', () => {
    const broken = POINTERS.filter(
      (pointer) =>
        pointer.anchor &&
        pointer.target.endsWith('.md') &&
        existsSync(join(ROOT, pointer.target)) &&
        !anchorsOf(join(ROOT, pointer.target)).has(pointer.anchor),
    ).map((pointer) => `${pointer.from}: ${pointer.text}`)
    expect(broken).toEqual([])
  })

  it('slugs headings as GitHub does', () => {
    expect(headingSlug('The test: `npm run test:ops`')).toBe('the-test-npm-run-testops')
    expect(headingSlug('Run on PostgreSQL')).toBe('run-on-postgresql')
    expect(headingSlug('Where to change X')).toBe('where-to-change-x')
  })
})
