/**
 * What a person feels on a phone (issue 25 part 4), for bench/index.ts's `phone`
 * part: Debian's Chromium (Playwright) with the CPU slowed 4× and a slow
 * network (bench/phone-figures.ts's PHONE_PROFILE, set through the DevTools
 * protocol), a fresh browser context (empty cache) for every visit, measuring
 * on each app (ours and start-ui-web, rounds interleaved between them):
 *
 * - the first interaction that works: `/login` opened, the e-mail entered the
 *   instant the field is visible and Enter pressed, again and again until the
 *   browser shows the verify page's code field; the time from navigation
 *   start, and how many attempts were lost on the way (`firstWorkingLogin`),
 *   for a person whose phone fills the address in at once (autofill: the
 *   earliest Enter possible) and for one who types it at 10 keys a second;
 * - Interaction to Next Paint on `/login`, `/app/books` and `/manager/books`
 *   (signed in for the last two): the page's heading tapped the instant it is
 *   visible, then its text field (the e-mail, the search) typed into at 10 keys
 *   a second, as a person who does not wait for the script (`interactionLatency`);
 * - Total Blocking Time (and the score) of Lighthouse's mobile run on the same
 *   routes (bench/lighthouse.ts; Lighthouse's own simulated phone).
 *
 * Timings depend on the machine's load: reported, never asserted.
 */
import os from 'node:os'

import { type Browser, type BrowserContext, chromium, type Page, type Request } from '@playwright/test'

import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { measureLighthouse } from './lighthouse'
import { type EventEntry, interactionToNextPaint, networkConditions, PHONE_PROFILE } from './phone-figures'

/** One app as the phone part drives it. */
export interface PhoneApp {
  name: string
  baseUrl: string
  /** The session cookie (`name=value`) a route is visited with, if any. */
  cookieFor: (route: string) => string | undefined
  /** The sign-in page's e-mail field and the code field that shows once a code was sent. */
  login: { emailField: string; codeField: string; verifyPath: RegExp }
  /** Per route, the text field a person types into and what (none: the page only gets the tap). */
  fieldFor: (route: string) => { selector: string; text: string } | undefined
}

const PHONE_ROUTES = ['/login', '/app/books', '/manager/books'] as const

/** How the address gets into the field: filled at once (a phone's autofill), or typed at 10 keys a second. */
export type LoginEntry = 'autofill' | 'typed'
const LOGIN_ENTRIES: readonly LoginEntry[] = ['autofill', 'typed']

interface LoginRun {
  /** Navigation start to the verify page's code field visible. */
  ms: number
  /** Navigation start to the e-mail field first visible. */
  fieldVisibleMs: number
  /** Attempts (type + Enter) that did not reach the verify page. */
  lost: number
}

interface RouteRun {
  route: string
  /** Undefined when no interaction was recorded. */
  inpMs?: number
  interactions: number
  /** What was done on the page ("tap, 13 keys"). */
  interaction: string
}

interface LighthouseRun {
  route: string
  score: number
  tbtMs: number
}

export interface PhoneAppReport {
  name: string
  /** One per round. */
  login: Record<LoginEntry, LoginRun[]>
  routes: RouteRun[][]
  lighthouse: LighthouseRun[][]
}

export interface PhoneReport {
  rounds: number
  /** 1-minute load average at the start of each round. */
  loads: number[]
  apps: PhoneAppReport[]
}

/** After the last request ends, this long without one means the page did nothing more (an attempt was lost). */
const QUIET_MS = 1000
const ATTEMPT_LIMIT_MS = 15_000
const LOGIN_LIMIT_MS = 60_000
const KEY_DELAY_MS = 100
const LOGIN_EMAIL = 'user@user.com'

/** Mobile viewport, touch, the CPU and the network slowed (on the page's own DevTools session). */
async function phonePage(
  browser: Browser,
  app: PhoneApp,
  route: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: PHONE_PROFILE.viewport,
    deviceScaleFactor: PHONE_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  })
  const cookie = app.cookieFor(route)
  if (cookie) {
    const separator = cookie.indexOf('=')
    const name = cookie.slice(0, separator)
    // A `__Secure-` cookie (start-ui-web's) is set by domain, marked secure: Chromium sends it to a loopback origin.
    await context.addCookies([
      {
        name,
        value: cookie.slice(separator + 1),
        domain: new URL(app.baseUrl).hostname,
        path: '/',
        secure: name.startsWith('__Secure-'),
      },
    ])
  }
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', networkConditions(PHONE_PROFILE))
  return { context, page }
}

/** The page's requests in flight and its main-frame documents, as the browser reports them. */
function watchRequests(page: Page) {
  const inFlight = new Set<Request>()
  const state = { inFlight, documents: 0, commits: 0, commitsAtLastDocument: 0, rateLimited: false, lastBusy: 0 }
  page.on('request', (request) => {
    inFlight.add(request)
    state.lastBusy = performance.now()
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      state.documents++
      state.commitsAtLastDocument = state.commits
    }
  })
  const done = (request: Request) => {
    inFlight.delete(request)
    state.lastBusy = performance.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) state.commits++
  })
  page.on('response', (response) => {
    if (response.status() === 429) state.rateLimited = true
  })
  return state
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once no request has been in flight for QUIET_MS (or after `limitMs`). */
async function quiet(requests: ReturnType<typeof watchRequests>, limitMs = ATTEMPT_LIMIT_MS) {
  const deadline = performance.now() + limitMs
  while (performance.now() < deadline) {
    if (requests.inFlight.size === 0 && performance.now() - requests.lastBusy >= QUIET_MS) return
    await sleep(25)
  }
}

/**
 * `/login` from navigation start until the verify page's code field shows,
 * entering the address (`entry`) and pressing Enter the instant the e-mail
 * field is visible, and again after every attempt that did not work. After an Enter,
 * the attempt is decided by what the browser does, whatever the page's code:
 * - the URL becomes the verify page (a client-side navigation, or a form post
 *   answered with a redirect there): it worked;
 * - a new document is requested and committed elsewhere (the form submitted
 *   natively before hydration: `GET /login?email=…`, or a post answered with
 *   the login page again): lost, typed again once its field shows;
 * - nothing navigates and no request is in flight for QUIET_MS (the Enter was
 *   swallowed during hydration, or the typed value was reset and the form
 *   refused it): lost, typed again, as a person who sees nothing happen would.
 * A 429 stops the run (start-ui-web limits code requests to 3 a minute).
 */
async function firstWorkingLogin(browser: Browser, app: PhoneApp, entry: LoginEntry): Promise<LoginRun> {
  const { context, page } = await phonePage(browser, app, '/login')
  try {
    const requests = watchRequests(page)
    const onVerify = () => app.login.verifyPath.test(new URL(page.url()).pathname)
    const field = page.locator(app.login.emailField).first()
    const started = performance.now()
    const elapsed = () => performance.now() - started
    await page.goto('/login', { waitUntil: 'commit' })
    let fieldVisibleMs: number | undefined
    let lost = 0
    attempts: for (;;) {
      if (elapsed() > LOGIN_LIMIT_MS)
        throw new Error(`${app.name}: no attempt reached the verify page in ${LOGIN_LIMIT_MS / 1000} s (${lost} lost)`)
      await field.waitFor({ state: 'visible', timeout: LOGIN_LIMIT_MS })
      fieldVisibleMs ??= elapsed()
      const documents = requests.documents
      try {
        if (entry === 'autofill') {
          await field.fill(LOGIN_EMAIL, { timeout: 5000 })
        } else {
          // Emptied first: a page that came back may show the address already.
          await field.fill('', { timeout: 5000 })
          await field.pressSequentially(LOGIN_EMAIL, { delay: KEY_DELAY_MS, timeout: 10_000 })
        }
        await field.press('Enter', { timeout: 5000 })
      } catch {
        // The document was replaced under the hand (a navigation of an earlier attempt).
      }
      const enteredAt = performance.now()
      for (;;) {
        await sleep(25)
        if (onVerify()) break attempts
        if (requests.rateLimited) throw new Error(`${app.name}: the server answered 429 (rate limit)`)
        // A new document, committed and not the verify page.
        if (requests.documents > documents && requests.commits > requests.commitsAtLastDocument) break
        // Nothing navigates and nothing is in flight.
        const idle =
          requests.inFlight.size === 0 && performance.now() - Math.max(requests.lastBusy, enteredAt) >= QUIET_MS
        if (requests.documents === documents && idle) break
        if (performance.now() - enteredAt > ATTEMPT_LIMIT_MS) break
      }
      lost++
    }
    await page.locator(app.login.codeField).first().waitFor({ state: 'visible', timeout: LOGIN_LIMIT_MS })
    return { ms: elapsed(), fieldVisibleMs: fieldVisibleMs ?? Number.NaN, lost }
  } finally {
    await context.close()
  }
}

/**
 * Interaction to Next Paint of a visit: an Event Timing observer registered
 * before any script of the page (an init script) records every event entry of
 * 16 ms or more (`durationThreshold: 16`, the smallest the browser allows) with
 * its interactionId; the page's heading is tapped the instant it is visible,
 * then its text field, if it has one, typed into at 10 keys a second; once the
 * page has been quiet for QUIET_MS the entries are read and reduced as
 * web-vitals does (`interactionToNextPaint`). Chosen over a trace: the
 * browser's own measure of each interaction (input delay, handlers and the next
 * paint), the one the Chrome UX Report collects, with no trace to parse; an
 * interaction landing on a long hydration task is counted whole, which is what
 * a person who does not wait for the script feels.
 */
async function interactionLatency(browser: Browser, app: PhoneApp, route: string): Promise<RouteRun> {
  const { context, page } = await phonePage(browser, app, route)
  try {
    await page.addInitScript(() => {
      const entries: Array<{ name: string; interactionId: number; duration: number }> = []
      ;(window as unknown as { __eventEntries: typeof entries }).__eventEntries = entries
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          entries.push({ name: entry.name, interactionId: entry.interactionId, duration: entry.duration })
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
    })
    const requests = watchRequests(page)
    await page.goto(route, { waitUntil: 'commit' })
    if (new URL(page.url()).pathname !== route) throw new Error(`${app.name}: ${route} went to ${page.url()}`)
    const done: string[] = []
    await page.locator('h1').first().tap({ timeout: 30_000 })
    done.push('tap')
    const field = app.fieldFor(route)
    if (field) {
      await page.locator(field.selector).first().pressSequentially(field.text, { delay: KEY_DELAY_MS, timeout: 30_000 })
      done.push(`${field.text.length} keys`)
    }
    await quiet(requests)
    if (new URL(page.url()).pathname !== route) throw new Error(`${app.name}: ${route} went to ${page.url()}`)
    const entries = await page.evaluate(() => (window as unknown as { __eventEntries: EventEntry[] }).__eventEntries)
    const inp = interactionToNextPaint(entries)
    return { route, inpMs: inp?.inpMs, interactions: inp?.interactions ?? 0, interaction: done.join(', ') }
  } finally {
    await context.close()
  }
}

/**
 * The phone part: ROUNDS rounds, each going through every app in turn (its
 * login, its routes' INP, then Lighthouse mobile on its routes), so that a
 * burst of load elsewhere on the machine hits one round of every app.
 */
export async function measurePhone(
  apps: PhoneApp[],
  options: { rounds: number; log: (line: string) => void },
): Promise<PhoneReport> {
  const reports: PhoneAppReport[] = apps.map((app) => ({
    name: app.name,
    login: { autofill: [], typed: [] },
    routes: [],
    lighthouse: [],
  }))
  const loads: number[] = []
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    for (let round = 0; round < options.rounds; round++) {
      loads.push(os.loadavg()[0]!)
      for (const [index, app] of apps.entries()) {
        const report = reports[index]!
        for (const entry of LOGIN_ENTRIES) {
          const login = await firstWorkingLogin(browser, app, entry)
          report.login[entry].push(login)
          options.log(
            `round ${round + 1}/${options.rounds}, ${app.name}: /login (${entry}) field visible at ${Math.round(login.fieldVisibleMs)} ms, first working Enter on the verify page at ${Math.round(login.ms)} ms, ${login.lost} lost`,
          )
        }
        const routes: RouteRun[] = []
        for (const route of PHONE_ROUTES) {
          const run = await interactionLatency(browser, app, route)
          routes.push(run)
          options.log(
            `round ${round + 1}/${options.rounds}, ${app.name}: ${route} INP ${run.inpMs ?? '–'} ms (${run.interaction}; ${run.interactions} interactions)`,
          )
        }
        report.routes.push(routes)
        const figures = await measureLighthouse({
          baseUrl: app.baseUrl,
          cookieFor: app.cookieFor,
          routes: PHONE_ROUTES,
          formFactors: ['mobile'],
          rounds: 1,
        })
        report.lighthouse.push(
          figures.map((figure) => ({ route: figure.route, score: figure.score, tbtMs: figure.tbtMs })),
        )
        options.log(
          `round ${round + 1}/${options.rounds}, ${app.name}: Lighthouse mobile TBT ${figures.map((figure) => `${figure.route} ${Math.round(figure.tbtMs)} ms`).join(', ')}`,
        )
      }
    }
  } finally {
    await browser.close()
  }
  return { rounds: options.rounds, loads, apps: reports }
}
