/**
 * How Node runs the production server: `npm start`, the Dockerfile and the
 * benchmark (bench/app.ts) use these; production-runtime.test.ts checks that
 * the first two say the same.
 *
 * Under load, V8 grew its young generation to 128 MB and glibc kept one malloc
 * arena per thread that ever allocated (V8's compiler threads, libuv's pool):
 * the server stayed at ~375 MB after the bench's load. With semi-spaces of at
 * most 4 MB and two arenas it stays at ~255 MB, for no CPU per request that
 * the same measure could tell apart (docs/performance.md, Session of 2026-11-26).
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=4'] as const

/** Read by glibc when the process starts, so set by whatever starts it. */
export const PRODUCTION_ENVIRONMENT = { MALLOC_ARENA_MAX: '2' } as const
