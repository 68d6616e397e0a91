/**
 * What tracing adds to a request, read apart from the server (the
 * `observability` bench's `tracingStepMicros`, like its metrics step): CPU time
 * per traced request of a representative API call, the request's span, a
 * procedure's and three SQL queries' (five spans), through the server's own
 * code (`requestTracing`, `inSpan`, `startQuery`), less the same request with
 * tracing off. Each way of running it is a child process of its own (an
 * OpenTelemetry SDK is global to its process), alternating runs without and
 * with the span hooks; a traced run ends when its spans are exported
 * (`forceFlush`), so the batch processor and the exporter's serialization and
 * HTTP client are in it. The receiver is in the parent process, which counts
 * the spans it decodes: a span the batch processor dropped would cost nothing.
 *
 *   tsx bench/tracing-step.ts   prints the table alone (about a minute)
 */
import { execFile } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { trace } from '@opentelemetry/api'

import { requestTracing, startTracing } from '@/server/observability/tracing.server'
import { requestScope, startQuery } from '@/server/platform/request-scope.server'
import { inSpan } from '@/server/platform/trace-hooks.server'
import { PRODUCTION_ENVIRONMENT, PRODUCTION_NODE_FLAGS } from '@/server/process/production-runtime'

import { exportedSpans } from '../scripts/otlp-spans'
import { median } from './stats'

/** The ways a traced request is measured, each adding one part of the SDK's work to the one before. */
const TRACING_VARIANTS = {
  spans: 'spans made and ended, then dropped (no processor)',
  batch: 'the batch span processor, its exporter dropping each batch',
  json: 'exported over OTLP/HTTP as JSON (`http/json`)',
  protobuf: 'exported over OTLP/HTTP as protobuf (`http/protobuf`)',
} as const
type TracingVariant = keyof typeof TRACING_VARIANTS

const RUNS = 7
const CALLS = 20_000
const SPANS_PER_CALL = 5
const FLUSH_EVERY = 400

/** Three statements of the lengths a book list request sends (session, user, the page). */
const QUERIES = [
  'select "id", "expires_at", "token", "created_at", "updated_at", "ip_address", "user_agent", "user_id", "impersonated_by" from "session" where "session"."token" = $1 limit $2',
  'select "id", "name", "email", "email_verified", "image", "created_at", "updated_at", "role", "banned", "ban_reason", "ban_expires" from "user" where "user"."id" = $1 limit $2',
  'select "book"."id", "book"."title", "book"."author", "book"."isbn", "book"."published_year", "book"."genre", "book"."description", "book"."cover_url", "book"."created_at", "book"."updated_at", "book"."created_by" from "book" where ("book"."deleted_at" is null and ("book"."created_at", "book"."id") < ($1, $2)) order by "book"."created_at" desc, "book"."id" desc limit $3',
]

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

type Step = (request: Request, next: (request: Request) => Promise<Response>) => Promise<Response>

/** One API request: its scope (as the request log gives it), the step, a procedure and its queries, each awaiting a turn of the loop as I/O would. */
function handler(step: Step) {
  const answer = async () => {
    await inSpan(
      'procedure book.list',
      () => ({ 'rpc.method': 'book.list' }),
      async () => {
        for (const text of QUERIES) {
          const end = startQuery(text)
          await turn()
          end()
        }
      },
    )
    return new Response(null)
  }
  return (request: Request) => requestScope('bench-request', () => step(request, answer))
}

/** In the child: alternate runs without and with tracing; print the CPU µs per request of each. */
async function child(variant: TracingVariant) {
  const noop = {
    export: (_spans: unknown[], done: (result: { code: 0 }) => void) => done({ code: 0 }),
    shutdown: async () => {},
  }
  const dropEverySpan = { onStart() {}, onEnd() {}, forceFlush: async () => {}, shutdown: async () => {} }
  if (variant === 'spans') startTracing({ spanProcessors: [dropEverySpan] })
  else if (variant === 'batch') startTracing({ traceExporter: noop })
  else startTracing()
  const provider = (
    trace.getTracerProvider() as unknown as { getDelegate(): { forceFlush(): Promise<void> } }
  ).getDelegate()
  // A live heap of the server's size (~40 MB, src/server/process/production-runtime.ts): what a span
  // that outlives a scavenge costs (its promotion, the old generation's marking) depends on it.
  const live = Array.from({ length: Number(process.env.TRACING_STEP_LIVE_OBJECTS ?? 400_000) }, (_, i) => ({
    i,
    text: `live ${i}`,
    list: [i],
  }))
  const hooksKey = Symbol.for('start-books.span-hooks')
  const holder = globalThis as Record<symbol, unknown>
  const hooks = holder[hooksKey]
  const bare = handler((request, next) => next(request))
  const traced = handler(requestTracing(() => '/api/rest/books') as Step)
  const request = new Request('http://bench.test/api/rest/books?cursor=bench')
  const perCall = async (run: (request: Request) => Promise<Response>, flush: boolean) => {
    const before = process.cpuUsage()
    for (let i = 0; i < CALLS; i++) {
      await run(request)
      // This loop makes spans faster than a server does: it waits for the exports every 2,000
      // spans, so that the batch processor's queue (2,048) never drops one unexported.
      if (flush && i % FLUSH_EVERY === FLUSH_EVERY - 1) await provider.forceFlush()
    }
    if (flush) await provider.forceFlush()
    const used = process.cpuUsage(before)
    return (used.user + used.system) / CALLS
  }
  const without: number[] = []
  const withTracing: number[] = []
  // A first pair warms both paths up (and is not counted).
  for (let run = -1; run < RUNS; run++) {
    delete holder[hooksKey]
    const a = await perCall(bare, false)
    holder[hooksKey] = hooks
    const b = await perCall(traced, true)
    if (run < 0) continue
    without.push(a)
    withTracing.push(b)
  }
  process.stdout.write(
    JSON.stringify({
      without: median(without),
      with: median(withTracing),
      spans: (RUNS + 1) * CALLS * SPANS_PER_CALL,
      live: live.length,
    }),
  )
}

interface TracingStep {
  variant: TracingVariant
  /** CPU µs per request without tracing, and what tracing adds. */
  bareMicros: number
  addedMicros: number
  /** Spans the receiver decoded, and spans the child made (equal unless the batch processor dropped some). */
  received: number
  made: number
}

/** In the bench: each variant in its own process, the receiver here. */
export async function tracingStepMicros(variants = Object.keys(TRACING_VARIANTS) as TracingVariant[]) {
  let received = 0
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received += exportedSpans(Buffer.concat(chunks), request.headers['content-type']).length
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/json' }).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  const results: TracingStep[] = []
  try {
    for (const variant of variants) {
      received = 0
      const output = await new Promise<string>((resolve, reject) =>
        execFile(
          'node_modules/.bin/tsx',
          ['bench/tracing-step.ts', '--child', variant],
          {
            env: {
              ...process.env,
              // The child runs as production does (the flags of `npm start`, through tsx).
              NODE_OPTIONS: [...PRODUCTION_NODE_FLAGS, PRODUCTION_ENVIRONMENT.NODE_OPTIONS].join(' '),
              OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
              OTEL_SDK_DISABLED: '',
              OTEL_TRACES_SAMPLER: '',
              // JSON: the server's default exporter; protobuf: the one the standard variable names.
              OTEL_EXPORTER_OTLP_PROTOCOL: variant === 'protobuf' ? 'http/protobuf' : '',
              OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: '',
              OTEL_TRACES_EXPORTER: '',
              // The pinned Node (24) that npm scripts run on, whatever this process runs on.
              PATH: `${path.resolve('node_modules/.bin')}:${process.env.PATH}`,
            },
            timeout: 10 * 60_000,
          },
          (error, stdout) => (error ? reject(error) : resolve(stdout)),
        ),
      )
      const figures = JSON.parse(output) as { without: number; with: number; spans: number }
      results.push({
        variant,
        bareMicros: figures.without,
        addedMicros: figures.with - figures.without,
        received: variant === 'json' || variant === 'protobuf' ? received : figures.spans,
        made: figures.spans,
      })
    }
  } finally {
    receiver.close()
  }
  return results
}

/**
 * The figures as a table; with `routes` (the plain server's CPU per request and the spans per
 * request the receiver counted), what the µs per span come to on each route, as a share of its
 * CPU per request.
 */
export function tracingStepTable(results: TracingStep[], routes?: { label: string; micros: number; spans: number }[]) {
  const share = (added: number) =>
    routes
      ?.map(({ micros, spans }) => {
        const perRequest = (added / SPANS_PER_CALL) * spans
        return `${perRequest.toFixed(1)} µs, ${((perRequest / micros) * 100).toFixed(1)} %`
      })
      .join(' / ') ?? ''
  const head = routes
    ? ` on each route, at its spans per request: µs, share of its plain CPU (${routes.map(({ label, spans }) => `${label}, ${spans.toFixed(2)} spans`).join(' / ')}) |`
    : ''
  return [
    `| what a traced request does (5 spans) | µs of CPU added per request | µs per span | spans exported / made |${head}`,
    `| --- | ---: | ---: | ---: |${routes ? ' ---: |' : ''}`,
    ...results.map(
      (result) =>
        `| ${TRACING_VARIANTS[result.variant]} | ${result.addedMicros.toFixed(1)} | ${(result.addedMicros / SPANS_PER_CALL).toFixed(1)} | ${result.received.toLocaleString('en')} / ${result.made.toLocaleString('en')} |${routes ? ` ${share(result.addedMicros)} |` : ''}`,
    ),
  ].join('\n')
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as TracingVariant)
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const variants = process.argv.slice(2) as TracingVariant[]
  const results = await tracingStepMicros(variants.length ? variants : undefined)
  console.log(tracingStepTable(results))
  console.log(`\nwithout tracing: ${results.map((result) => result.bareMicros.toFixed(1)).join(', ')} µs per request`)
}
