import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { replaceReport, REPORT_FILE } from './report'

describe('the Results section of docs/performance.md', () => {
  const page = readFileSync(REPORT_FILE, 'utf8')
  const start = /<!-- bench:start[^>]*-->/.exec(page)?.[0]
  const end = '<!-- bench:end -->'

  it('has its two markers, once each, in order', () => {
    expect(start).toBeDefined()
    expect(page.split(start!).length).toBe(2)
    expect(page.split(end).length).toBe(2)
    expect(page.indexOf(start!)).toBeLessThan(page.indexOf(end))
  })

  it('is what a run replaces, leaving the rest of the page as it is', () => {
    const replaced = replaceReport(page, `${start}\n\nnew figures\n\n${end}`)
    expect(replaced).toContain('new figures')
    expect(replaced.slice(0, replaced.indexOf(start!))).toBe(page.slice(0, page.indexOf(start!)))
    expect(replaced.slice(replaced.indexOf(end))).toBe(page.slice(page.indexOf(end)))
  })
})
