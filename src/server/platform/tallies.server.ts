// Relative, with its extension: vite.config.ts loads this file (through the database client) as Node does.
import { processWide } from './process-wide.server.ts'

/**
 * What the server counts and reads for /api/metrics, in plain process memory:
 * an increment is one Map update, and prom-client (metrics.server.ts) is only
 * loaded when METRICS_TOKEN is set, to read these at each scrape. Label values
 * come from fixed sets the code names (a fast path, a refusal's reason), never
 * from a request, so the number of series stays bounded.
 */

type Labels = Record<string, string>

/** A counter's values or a gauge's reading, as prom-client is handed them at a scrape. */
export interface Tally {
  type: 'counter' | 'gauge'
  help: string
  labelNames: readonly string[]
  read: () => Iterable<{ labels: Labels; value: number }>
}

const shared = processWide('tallies', () => ({
  tallies: new Map<string, Tally>(),
  counterValues: new Map<string, Values>(),
}))
const store = shared.tallies

type Values = Map<string, { labels: Labels; value: number }>

/** A counter named `name` (a Prometheus name), by the labels `labelNames`; both copies of a module share its values. */
export function tally<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  const values: Values = shared.counterValues.get(name) ?? new Map()
  shared.counterValues.set(name, values)
  store.set(name, { type: 'counter', help, labelNames, read: () => values.values() })
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
  store.set(name, { type: 'gauge', help, labelNames, read })
}

export const tallies = () => store.entries()

/** Each fast path's hits and misses (src/server/fast-paths): whether it answered or the slow path ran. */
export const fastPathTally = tally('start_books_fast_path_total', 'Fast path lookups by path and result', [
  'path',
  'result',
])

/** Sign-in requests refused, by reason (a budget's name, a ban, demo mode). */
export const signInRefusalTally = tally('start_books_sign_in_refusals_total', 'Sign-in requests refused by reason', [
  'reason',
])
