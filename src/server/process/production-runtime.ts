/**
 * How Node runs the production server: `npm start`, the Dockerfile and the
 * benchmark (bench/app.ts) use these; production-runtime.test.ts checks that
 * the first two say the same.
 *
 * Under load, V8 grew its young generation to 128 MB and glibc kept one malloc
 * arena per thread that ever allocated (V8's compiler threads, libuv's pool):
 * the server stayed at ~375 MB after the bench's load. With semi-spaces of at
 * most 4 MB and two arenas it stays at ~255 MB, for no CPU per request that
 * the same measure could tell apart (docs/performance.md; docs/decisions/028-node-24-over-idle-rss.md).
 * Measured again under the real workload against 8 MB, 16 MB and V8's default:
 * none answered more requests beyond the rounds' spread, the default held 70 MB
 * more (docs/decisions/045-search-sql-and-gc.md).
 *
 * Without a heap limit V8 sizes the old generation for the machine's memory:
 * under the bench's 5-minute soak RSS rose for three minutes (159 → 229 MB)
 * while the live heap stayed at ~40 MB, the pages it freed kept resident. With
 * `--max-old-space-size=256` it grows less eagerly: ~150 MB from the first
 * 20 seconds on, at the same throughput. A process whose live heap needs more
 * (far more concurrent renders) raises it through NODE_OPTIONS.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=4'] as const

/** Read when the process starts (glibc, Node), so set by whatever starts it; each one overridable. */
export const PRODUCTION_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-old-space-size=256' } as const
