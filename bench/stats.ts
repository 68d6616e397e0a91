export interface LatencyStats {
  runs: number
  /** The median of the rounds' medians. */
  median: number
  /** The 95th percentile of every run. */
  p95: number
  /** The lowest and highest median of a round: how much the figure moved between rounds. */
  roundMedians: [number, number]
}

/** Nearest-rank percentile of sorted values (p in 0..100). */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) throw new Error('no values')
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Figures of a case timed in several rounds (one array of milliseconds a round). */
export function roundStats(rounds: number[][]): LatencyStats {
  const all = rounds.flat().sort((a, b) => a - b)
  const medians = rounds.map(median)
  return {
    runs: all.length,
    median: median(medians),
    p95: percentile(all, 95),
    roundMedians: [Math.min(...medians), Math.max(...medians)],
  }
}
