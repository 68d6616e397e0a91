/**
 * Lighthouse performance of the budgeted routes (issue 14, part 2), on a phone
 * (Lighthouse's default: a mid-range phone, simulated slow 4G and a 4× slower
 * CPU) and on a desktop (its desktop preset).
 *
 * `npm run bench:lighthouse` (`tsx bench/lighthouse.ts`): starts the production
 * build (`.output`, rebuilt when the sources changed) on an in-memory database
 * with an SMTP catcher in this process, signs the seeded accounts in by e-mail
 * code, and runs Lighthouse's performance category on each route in Debian's
 * Chromium (/usr/bin/chromium, nothing downloaded). Rounds are interleaved
 * (every route and form factor once, then again); each figure is the median of
 * the rounds. `lighthouseFigures()` is the same for bench/index.ts.
 *
 * Environment: LIGHTHOUSE_ROUNDS (3), LIGHTHOUSE_CHROME (/usr/bin/chromium), LIGHTHOUSE_SAVE (a folder
 * to write each run's full report to, as JSON).
 * Timings depend on the machine's load: they are reported, never asserted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import sharp from 'sharp'

import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { WEIGHED_ROUTES } from '../e2e/support/page-weight'
import { ensureBuild, signIn, startApp, startMailCatcher } from './app'
import { median } from './stats'

export type FormFactor = 'mobile' | 'desktop'

export interface LighthouseFigure {
  route: string
  formFactor: FormFactor
  /** Performance score, 0 to 1: the median of the rounds. */
  score: number
  /** Largest Contentful Paint, milliseconds: the median of the rounds. */
  lcpMs: number
  /** Total Blocking Time (long tasks' time over 50 ms between first paint and interactive), milliseconds: the median. */
  tbtMs: number
  /** Each round's score, LCP and TBT, in order. */
  rounds: Array<{ score: number; lcpMs: number; tbtMs: number }>
}

/** What the issue asks of every route. */
export const LIGHTHOUSE_TARGETS = { mobile: { score: 0.95, lcpMs: 2500 }, desktop: { score: 0.99 } } as const

const CHROME_FLAGS = ['--headless', ...chromiumLaunchOptions.args]

export interface LighthouseOptions {
  /** The app's origin. */
  baseUrl: string
  /** The Cookie header to send for a route (a signed-in page), if any. */
  cookieFor?: (route: string) => string | undefined
  routes?: readonly string[]
  formFactors?: readonly FormFactor[]
  rounds?: number
  log?: (line: string) => void
}

/** Replaces the browser's cookies with `cookie` (`name=value`) for `baseUrl`, through the DevTools protocol. */
async function setCookies(port: number, baseUrl: string, cookie: string | undefined) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string
  }
  const socket = new WebSocket(version.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let id = 0
  const send = (method: string, params: unknown) =>
    new Promise<void>((resolve, reject) => {
      const callId = ++id
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } }
        if (message.id !== callId) return
        socket.removeEventListener('message', onMessage)
        if (message.error) reject(new Error(`${method}: ${message.error.message}`))
        else resolve()
      }
      socket.addEventListener('message', onMessage)
      socket.send(JSON.stringify({ id: callId, method, params }))
    })
  try {
    await send('Storage.clearCookies', {})
    if (cookie) {
      const separator = cookie.indexOf('=')
      const name = cookie.slice(0, separator)
      // A `__Secure-` cookie (start-ui-web's) is set by domain, marked secure: Chromium sends it to a loopback origin.
      await send('Storage.setCookies', {
        cookies: [
          {
            name,
            value: cookie.slice(separator + 1),
            domain: new URL(baseUrl).hostname,
            path: '/',
            secure: name.startsWith('__Secure-'),
          },
        ],
      })
    }
  } finally {
    socket.close()
  }
}

/** One Lighthouse run; a run whose trace failed (it happens under load) is tried again, twice at most. */
async function runOnce(port: number, url: string, formFactor: FormFactor) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      // Every visit starts with an empty cache (Lighthouse's default; it keeps cookies).
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    )
    const lhr = result?.lhr
    if (lhr && !lhr.runtimeError) return lhr
    const reason = lhr?.runtimeError?.message ?? 'no result'
    if (attempt === 3) throw new Error(`Lighthouse: ${url} (${formFactor}): ${reason}`)
  }
}

/** Runs Lighthouse on a running app: one figure per route and form factor. */
export async function measureLighthouse(options: LighthouseOptions): Promise<LighthouseFigure[]> {
  const routes = options.routes ?? WEIGHED_ROUTES.map((route) => route.path)
  const formFactors = options.formFactors ?? (['mobile', 'desktop'] as const)
  const rounds = options.rounds ?? Number(process.env.LIGHTHOUSE_ROUNDS ?? 3)
  const runs = new Map<string, Array<{ score: number; lcpMs: number; tbtMs: number }>>()
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.LIGHTHOUSE_CHROME ?? chromiumLaunchOptions.executablePath,
    chromeFlags: CHROME_FLAGS,
  })
  try {
    for (let round = 0; round < rounds; round++) {
      for (const route of routes) {
        for (const formFactor of formFactors) {
          // Chromium's cookie jar (a Cookie header in `extraHeaders` is dropped): only this route's session.
          await setCookies(chrome.port, options.baseUrl, options.cookieFor?.(route))
          const lhr = await runOnce(chrome.port, new URL(route, options.baseUrl).href, formFactor)
          if (process.env.LIGHTHOUSE_SAVE) {
            const name = `${route.replace(/\W+/g, '_')}-${formFactor}-${round + 1}.json`
            mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true })
            writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(lhr))
          }
          const finalPath = new URL(lhr.finalDisplayedUrl).pathname
          if (finalPath !== route) throw new Error(`${route} went to ${lhr.finalDisplayedUrl}`)
          const score = lhr.categories.performance?.score ?? 0
          const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN
          const tbtMs = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN
          const key = `${route} ${formFactor}`
          runs.set(key, [...(runs.get(key) ?? []), { score, lcpMs, tbtMs }])
          options.log?.(`round ${round + 1}: ${key}: score ${score.toFixed(2)}, LCP ${Math.round(lcpMs)} ms`)
        }
      }
    }
  } finally {
    chrome.kill()
  }
  return routes.flatMap((route) =>
    formFactors.map((formFactor) => {
      const figures = runs.get(`${route} ${formFactor}`)!
      return {
        route,
        formFactor,
        score: median(figures.map((figure) => figure.score)),
        lcpMs: median(figures.map((figure) => figure.lcpMs)),
        tbtMs: median(figures.map((figure) => figure.tbtMs)),
        rounds: figures,
      }
    }),
  )
}

/** Whether a figure meets the issue's target for its form factor. */
export function meetsTarget(figure: LighthouseFigure) {
  return figure.formFactor === 'mobile'
    ? figure.score >= LIGHTHOUSE_TARGETS.mobile.score && figure.lcpMs <= LIGHTHOUSE_TARGETS.mobile.lcpMs
    : figure.score >= LIGHTHOUSE_TARGETS.desktop.score
}

/** Uploads a generated cover (a photograph-sized JPEG) to each of the first `count` books, as an admin. */
async function giveCovers(baseUrl: string, cookie: string, count: number) {
  const list = await fetch(`${baseUrl}/api/rest/books?limit=${count}`, { headers: { cookie } })
  const { items } = (await list.json()) as { items: Array<{ id: string }> }
  for (const [index, book] of items.entries()) {
    const cover = await sharp({
      create: { width: 1200, height: 1800, channels: 3, background: { r: (index * 37) % 256, g: 90, b: 140 } },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg width="1200" height="1800"><circle cx="600" cy="700" r="${300 + index * 5}" fill="#fff8"/></svg>`,
          ),
        },
      ])
      .jpeg()
      .toBuffer()
    const answer = await fetch(`${baseUrl}/api/rest/books/${book.id}/cover`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(cover),
    })
    if (!answer.ok) throw new Error(`cover upload: ${answer.status} ${await answer.text()}`)
  }
  return items.length
}

/**
 * The whole measure on its own app: builds when needed, starts the production
 * server on an in-memory database, signs the budgeted routes' accounts in, runs
 * Lighthouse, stops everything.
 */
export async function lighthouseFigures(
  options: Omit<LighthouseOptions, 'baseUrl' | 'cookieFor'> = {},
): Promise<LighthouseFigure[]> {
  const log = options.log ?? (() => {})
  await ensureBuild(log)
  const mail = await startMailCatcher()
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'))
  const app = await startApp('memory://', mail.url, 60_000, { UPLOADS_DIR: uploads })
  try {
    const cookies = new Map<string, string>()
    for (const route of WEIGHED_ROUTES) {
      if (route.as) cookies.set(route.path, await signIn(app.baseUrl, route.as, (email) => mail.nextCode(email)))
    }
    // The catalogue as a real one looks: the books of its first pages have covers (issue 30).
    const admin = await signIn(app.baseUrl, 'admin@admin.com', (email) => mail.nextCode(email))
    log(`lighthouse: ${await giveCovers(app.baseUrl, admin, 40)} covers uploaded`)
    return await measureLighthouse({ ...options, baseUrl: app.baseUrl, cookieFor: (route) => cookies.get(route) })
  } catch (error) {
    console.error(app.output())
    throw error
  } finally {
    await app.stop()
    await mail.close()
    rmSync(uploads, { recursive: true, force: true })
  }
}

/** A Markdown table of the figures, against the issue's targets. */
export function lighthouseTable(figures: LighthouseFigure[]) {
  const rows = [
    '| route | form factor | score (median) | LCP (median) | rounds (score / LCP s) | target |',
    '|---|---|---:|---:|---|---|',
  ]
  for (const figure of figures) {
    const target =
      figure.formFactor === 'mobile'
        ? `≥ ${LIGHTHOUSE_TARGETS.mobile.score}, ≤ ${LIGHTHOUSE_TARGETS.mobile.lcpMs / 1000} s`
        : `≥ ${LIGHTHOUSE_TARGETS.desktop.score}`
    rows.push(
      `| \`${figure.route}\` | ${figure.formFactor} | ${figure.score.toFixed(2)} | ${(figure.lcpMs / 1000).toFixed(2)} s | ${figure.rounds
        .map((round) => `${round.score.toFixed(2)} / ${(round.lcpMs / 1000).toFixed(2)}`)
        .join(', ')} | ${target} ${meetsTarget(figure) ? 'met' : '**not met**'} |`,
    )
  }
  return rows.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const log = (line: string) => console.log(`[lighthouse] ${line}`)
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')
  log(`load average before: ${load()}`)
  const figures = await lighthouseFigures({ log })
  console.log(lighthouseTable(figures))
  log(`load average after: ${load()}`)
  if (!figures.every(meetsTarget))
    log('a route misses its target (reported, not a failure: timings depend on the load)')
}
