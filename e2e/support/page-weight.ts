// What a page costs a browser: the JS and CSS it loads, gzipped here at a fixed
// level so the figure depends on the build only (not on the server's encoding).
// Shared by the budget check (e2e/page-weight.spec.ts) and `bench/page-weight.ts`.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

import type { Page, Response } from '@playwright/test'

/** The routes with a budget, and who loads them (signed out, or as one of the seeded accounts). */
export const WEIGHED_ROUTES = [
  { path: '/login', as: null },
  { path: '/app/books', as: 'user@user.com' },
  { path: '/manager/books', as: 'admin@admin.com' },
] as const

export type WeighedRoute = (typeof WEIGHED_ROUTES)[number]['path']

/** budgets.json: KB (1,000 bytes) of gzipped JS+CSS per route. */
export function readBudgets(): Record<WeighedRoute, number> {
  const file = new URL('../../budgets.json', import.meta.url)
  return (JSON.parse(readFileSync(file, 'utf8')) as { routes: Record<WeighedRoute, number> }).routes
}

export interface PageWeight {
  /** gzip bytes of every JS and CSS file, by URL path. */
  files: Array<{ path: string; bytes: number }>
  totalBytes: number
}

const isCode = (response: Response) => /\.(m?js|css)$/.test(new URL(response.url()).pathname)

/** Loads `path` in `page` and weighs the JS and CSS it fetched until the network is idle. */
export async function weighPage(page: Page, path: string): Promise<PageWeight> {
  const bodies = new Map<string, Promise<number>>()
  const onResponse = (response: Response) => {
    if (!isCode(response) || response.status() !== 200) return
    const key = new URL(response.url()).pathname
    if (!bodies.has(key))
      bodies.set(
        key,
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      )
  }
  page.on('response', onResponse)
  try {
    const response = await page.goto(path, { waitUntil: 'networkidle' })
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`)
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} went to ${page.url()}`)
  } finally {
    page.off('response', onResponse)
  }
  const files = await Promise.all([...bodies].map(async ([path, bytes]) => ({ path, bytes: await bytes })))
  files.sort((a, b) => b.bytes - a.bytes)
  return { files, totalBytes: files.reduce((sum, file) => sum + file.bytes, 0) }
}

export const kb = (bytes: number) => Math.round(bytes / 100) / 10
