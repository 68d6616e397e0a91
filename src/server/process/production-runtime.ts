/**
 * How Node runs the production server: `npm start`, the Dockerfile and the
 * benchmark (bench/app.ts) use these; production-runtime.test.ts checks that
 * the first two say the same.
 *
 * Under load, V8 grew its young generation to 128 MB and glibc kept one malloc
 * arena per thread that ever allocated (V8's compiler threads, libuv's pool):
 * the server stayed at ~375 MB after the bench's load. Semi-spaces of at most
 * 16 MB and two arenas keep it near 170 MB under the real workload. 16 MB
 * rather than 4: on a quiet machine the server answered 9–14 % more requests
 * for a fifth less CPU each (garbage collection's share of a CPU profile
 * halved), for ~23 MB more RSS under load
 * (docs/decisions/050-semi-spaces-and-a-settled-bench.md).
 *
 * Without a heap limit V8 sizes the old generation for the machine's memory:
 * under the bench's 5-minute soak RSS rose for three minutes (159 → 229 MB)
 * while the live heap stayed at ~40 MB, the pages it freed kept resident. With
 * `--max-old-space-size=256` it grows less eagerly: ~150 MB from the first
 * 20 seconds on, at the same throughput. A process whose live heap needs more
 * (far more concurrent renders) raises it through NODE_OPTIONS.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=16'] as const

/** Read when the process starts (glibc, Node), so set by whatever starts it; each one overridable. */
export const PRODUCTION_ENVIRONMENT = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-old-space-size=256' } as const
