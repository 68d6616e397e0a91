/**
 * The pure parts of bench/phone.ts (issue 25 part 4), tested in phone-figures.test.ts:
 * Interaction to Next Paint from Event Timing entries, the phone profile's CDP
 * parameters, and the `.env` reader that starts start-ui-web as its own scripts do.
 */

/**
 * The phone of Lighthouse's mobile preset: a 4× slower CPU and its "slow 4G"
 * (1.6 Mbit/s down, 1.6 × 1024 kbit/s as Lighthouse counts, 750 kbit/s up),
 * with 150 ms of latency added to every request (Lighthouse's RTT; its own
 * DevTools throttling adds 3.75× that to each request), a Moto G Power's screen.
 */
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  downloadKbps: 1638.4,
  uploadKbps: 750,
  rttMs: 150,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
} as const

/** `Network.emulateNetworkConditions`'s parameters (bytes per second, converted from kbit/s as Lighthouse does). */
export function networkConditions(profile: { downloadKbps: number; uploadKbps: number; rttMs: number }) {
  return {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: Math.floor((profile.downloadKbps * 1024) / 8),
    uploadThroughput: Math.floor((profile.uploadKbps * 1024) / 8),
  }
}

/** One PerformanceEventTiming entry, as the page's observer hands it over. */
export interface EventEntry {
  name: string
  /** 0 for events that are not part of an interaction (e.g. `mousemove`). */
  interactionId: number
  /** Milliseconds from the input to the next paint after its handlers (8 ms granularity). */
  duration: number
}

/**
 * Interaction to Next Paint as web-vitals computes it: an interaction's
 * latency is its longest event's duration (keydown, keyup, pointerup, click…
 * share an `interactionId`); the page's INP is the worst interaction's,
 * skipping one per 50 interactions (the 98th percentile on a long visit).
 * `undefined` when nothing was interacted with.
 */
export function interactionToNextPaint(entries: readonly EventEntry[]) {
  const latencies = new Map<number, number>()
  for (const entry of entries) {
    if (!entry.interactionId) continue
    latencies.set(entry.interactionId, Math.max(latencies.get(entry.interactionId) ?? 0, entry.duration))
  }
  const worstFirst = [...latencies.values()].sort((a, b) => b - a)
  if (worstFirst.length === 0) return undefined
  return {
    inpMs: worstFirst[Math.min(worstFirst.length - 1, Math.floor(worstFirst.length / 50))]!,
    interactions: worstFirst.length,
  }
}

/**
 * Reads a `.env` file as dotenv and dotenv-expand do for start-ui-web's
 * `pnpm start` (`dotenv -- node .output/server/index.mjs`): `KEY=value`, quotes
 * removed, `# comments` dropped, `${KEY}` replaced by an earlier value.
 */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/.exec(line)
    if (!match) continue
    const [, key, raw] = match as unknown as [string, string, string]
    let value: string
    const quote = raw[0]
    if ((quote === '"' || quote === "'") && raw.indexOf(quote, 1) > 0) {
      value = raw.slice(1, raw.indexOf(quote, 1))
    } else {
      value = raw.replace(/\s+#.*$/, '').trim()
    }
    if (quote !== "'") value = value.replace(/\$\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
    values[key] = value
  }
  return values
}
