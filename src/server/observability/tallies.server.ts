/**
 * What the server counts and reads for /api/metrics, in plain process memory:
 * an increment is one Map update, and prom-client (metrics.server.ts) is only
 * loaded when METRICS_TOKEN is set, to read these at each scrape. Label values
 * come from fixed sets the code names (a fast path, a refusal's reason), never
 * from a request, so the number of series stays bounded.
 */

type Labels = Record<string, string>

interface CounterTally {
  help: string
  labelNames: readonly string[]
  values: Map<string, { labels: Labels; value: number }>
}

/** A reading taken at scrape time (the pool's connections, the listener's state). */
type GaugeRead = () => Array<{ labels: Labels; value: number }>

interface GaugeTally {
  help: string
  labelNames: readonly string[]
  read: GaugeRead
}

// On globalThis: the build holds two copies of the server's modules (nitro's entry bundle and the SSR bundle).
const key = Symbol.for('start-books.tallies')
const store = ((globalThis as { [key]?: { counters: Map<string, CounterTally>; gauges: Map<string, GaugeTally> } })[
  key
] ??= { counters: new Map(), gauges: new Map() })

/** A counter named `name` (a Prometheus name), by the labels `labelNames`. */
export function tally<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  let counter = store.counters.get(name)
  if (!counter) store.counters.set(name, (counter = { help, labelNames, values: new Map() }))
  const values = counter.values
  return {
    inc(labels: Record<L, string>, by = 1) {
      const id = labelNames.map((label) => labels[label]).join('\u0000')
      const entry = values.get(id)
      if (entry) entry.value += by
      else values.set(id, { labels, value: by })
    },
  }
}

/** A gauge read at each scrape; registered again (a database reopened), the newest reader wins. */
export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Array<{ labels: Record<L, string>; value: number }>,
) {
  store.gauges.set(name, { help, labelNames, read })
}

export const counters = () => store.counters.entries()
export const gauges = () => store.gauges.entries()

/** Each fast path's hits and misses (src/server/fast-paths): whether it answered or the slow path ran. */
export const fastPathTally = tally('start_books_fast_path_total', 'Fast path lookups by path and result', [
  'path',
  'result',
])

/** Sign-in requests refused, by reason (a budget's name, a ban, demo mode). */
export const signInRefusalTally = tally('start_books_sign_in_refusals_total', 'Sign-in requests refused by reason', [
  'reason',
])
