/**
 * The kept reads' hit rates (issue 41 part 5), from the app's /api/metrics:
 * `start_books_fast_path_total{path,result}` read before and after a run, the
 * share of each path's lookups answered from memory in between: a hit, or a
 * lookup that joined another's read in flight (it sent no query of its own).
 */

/** The fast-path counters of a Prometheus text answer, by `path` then `result`. */
export function fastPathCounts(metrics: string): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>()
  for (const line of metrics.split('\n')) {
    const match = /^start_books_fast_path_total\{([^}]*)\} ([\d.e+]+)/.exec(line)
    if (!match) continue
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]))
    if (!labels.path || !labels.result) continue
    if (!counts.has(labels.path)) counts.set(labels.path, new Map())
    counts.get(labels.path)!.set(labels.result, Number(match[2]))
  }
  return counts
}

/** Lookups of one path during a run and how many were answered from memory. */
interface HitCount {
  hits: number
  lookups: number
}

/** The hits and lookups of `path` between two readings (undefined: no lookup at all). */
function hitsBetween(
  before: ReadonlyMap<string, ReadonlyMap<string, number>>,
  after: ReadonlyMap<string, ReadonlyMap<string, number>>,
  path: string,
): HitCount | undefined {
  const delta = (result: string) => (after.get(path)?.get(result) ?? 0) - (before.get(path)?.get(result) ?? 0)
  const hits = delta('hit') + delta('joined')
  const lookups = hits + delta('miss')
  return lookups > 0 ? { hits, lookups } : undefined
}

/** The kept reads the bench reports: the session read and the unfiltered first page of books. */
const KEPT_PATHS = { sessions: 'session', firstPages: 'book first page' } as const

export type KeptHits = Record<keyof typeof KEPT_PATHS, HitCount | undefined>

export function keptHits(before: string, after: string): KeptHits {
  const [a, b] = [fastPathCounts(before), fastPathCounts(after)]
  return {
    sessions: hitsBetween(a, b, KEPT_PATHS.sessions),
    firstPages: hitsBetween(a, b, KEPT_PATHS.firstPages),
  }
}
