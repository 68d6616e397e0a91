/** The most rows a list query may read from book by a sequential scan (`seqScannedBookRows`). */
export const SEQ_SCAN_MAX_ROWS = 10_000

/** The rows the sequential scans of book read in an EXPLAIN ANALYZE text: those kept and those its filter removed, every loop. */
export function seqScannedBookRows(plan: string): number {
  let total = 0
  const scans = /Seq Scan on book\b.*?actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)\)((?:\n(?!\s*->).*)*)/g
  for (const [, kept, loops, details] of plan.matchAll(scans)) {
    const removed = Number(/Rows Removed by Filter: (\d+)/.exec(details ?? '')?.[1] ?? 0)
    total += (Number(kept) + removed) * Number(loops)
  }
  return total
}
