import { type MetricType, onCLS, onINP, onLCP } from 'web-vitals'

import type { VitalName, VitalsReport } from './schema'

/** The endpoint of vitals.server.ts (the API's REST door: plain JSON, no client library). */
const ENDPOINT = '/api/rest/vitals'

/**
 * Measures the page's LCP, INP and CLS with `web-vitals` and sends what it
 * has each time the page is hidden (a tab switch, a navigation away, a close),
 * one JSON report under the template of the route the page was loaded at
 * (`/app/books/$id`, never the URL), from that load's `matches`. Loaded on
 * demand (vitals-reporter.tsx): the observers read the browser's buffered
 * entries, so loading late loses nothing but the interactions before it.
 */
export function reportVitals(matches: ReadonlyArray<{ status: string; fullPath: string }>) {
  // A page not found or failed is no route's measure.
  if (matches.some((match) => match.status !== 'success')) return
  const fullPath = matches.at(-1)?.fullPath ?? '/'
  const route = fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath
  const queue = new Map<VitalName, number>()
  let scheduled = false

  function flush() {
    scheduled = false
    if (queue.size === 0) return
    const report: VitalsReport = { route, metrics: [...queue].map(([name, value]) => ({ name, value })) }
    queue.clear()
    const body = new Blob([JSON.stringify(report)], { type: 'application/json' })
    // A beacon outlives the page; fetch's keepalive where beacons are off.
    if (!navigator.sendBeacon?.(ENDPOINT, body)) {
      void fetch(ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => {})
    }
  }

  // Each metric's latest value, as the library sees it change; sent together when the page is hidden.
  function queued(metric: MetricType) {
    queue.set(metric.name as VitalName, metric.value)
    if (document.visibilityState === 'hidden' && !scheduled) {
      scheduled = true
      queueMicrotask(flush)
    }
  }

  // Every change, not only the library's final values: it finalizes on a visibilitychange, which a
  // navigation away may not fire (headless Chromium's does not), and then LCP would go unsent. The
  // latest value at hiding is the final one: the browser stops LCP at the first input.
  const everyChange = { reportAllChanges: true }
  onLCP(queued, everyChange)
  onINP(queued, everyChange)
  onCLS(queued, everyChange)
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
  // A navigation to another document may unload it without a visibilitychange (headless
  // Chromium does): what is queued goes then.
  addEventListener('pagehide', flush)
}
