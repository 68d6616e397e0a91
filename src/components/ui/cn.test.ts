import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'

import { cn } from './cn'

/**
 * `cn` answers as tailwind-merge (decision 023) for every pair of classes
 * written in src/. Merging is decided pair by pair (a class is dropped when a
 * later one overrides it), so agreeing on every pair is agreeing on every list
 * of these classes. A new class of a kind cn.ts does not know fails here.
 */

const SRC = path.resolve(import.meta.dirname, '../..')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/**
 * Every word of the string literals in src/ that is a class: one Tailwind
 * knows (tailwind-merge keeps it once when it is written twice), or any word
 * with a dash or a variant, which cn must not mistake for one it knows.
 */
function classNamesInSource(): string[] {
  const words = new Set<string>()
  // cn.ts itself is left out: its kind names (`border-w`) are not classes.
  for (const file of sourceFiles(SRC).filter((file) => path.basename(file) !== 'cn.ts')) {
    for (const [, , text] of readFileSync(file, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
      for (const word of text!.split(/\s+/))
        if (
          /^[!-]?[a-z[][\w\-:/.[\]&>%()=*,'#!]*$/.test(word) &&
          (/[-:]/.test(word) || twMerge(`${word} ${word}`) === word)
        )
          words.add(word)
  }
  return [...words].sort()
}

describe('cn', () => {
  const classNames = classNamesInSource()

  it('finds the classes the components use', () => {
    expect(classNames.length).toBeGreaterThan(400)
    expect(classNames).toEqual(expect.arrayContaining(['px-4', 'text-sm', 'hover:bg-accent', 'size-4']))
  })

  it('merges every pair of classes in src/ as tailwind-merge does', () => {
    const differences: string[] = []
    for (const first of classNames)
      for (const second of classNames) {
        // The same class twice is the same CSS whether it is written once or twice.
        if (first === second) continue
        const pair = `${first} ${second}`
        if (cn(pair) !== twMerge(pair)) differences.push(`${pair} → ${cn(pair)}, tailwind-merge: ${twMerge(pair)}`)
      }
    expect(differences).toEqual([])
    // ~400,000 pairs: seconds on a loaded 2-core machine, so not the default 5 s.
  }, 60_000)

  it('lets the last class of a kind win, per variant', () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2')
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2')
    expect(cn('px-2', 'p-4')).toBe('p-4')
    expect(cn('text-sm text-primary', 'text-lg')).toBe('text-primary text-lg')
    expect(cn('bg-card hover:bg-accent', 'bg-panel')).toBe('hover:bg-accent bg-panel')
    expect(cn('w-[calc(100%-2rem)]', 'size-4')).toBe('size-4')
    expect(cn('aria-[current=page]:bg-accent', 'aria-[current=page]:bg-primary')).toBe('aria-[current=page]:bg-primary')
  })

  it('joins conditional classes as clsx does', () => {
    expect(cn('flex', false, undefined, null, { 'gap-2': true, hidden: false }, ['items-center'])).toBe(
      'flex gap-2 items-center',
    )
    expect(cn()).toBe('')
  })
})
