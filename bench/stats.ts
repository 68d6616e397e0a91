export interface LatencyStats {
  runs: number
  median: number
  p95: number
  min: number
  max: number
}

/** Nearest-rank percentile of sorted values (p in 0..100). */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) throw new Error('no values')
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

export function latencyStats(times: number[]): LatencyStats {
  const sorted = [...times].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { runs: sorted.length, median, p95: percentile(sorted, 95), min: sorted[0]!, max: sorted.at(-1)! }
}
