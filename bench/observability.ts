/**
 * The `observability` part of `npm run bench` (issue 31 part 5): the same
 * routes under `wrk` on four servers of the same build and database, in
 * interleaved rounds: plain (the bench's own), with metrics (METRICS_TOKEN),
 * with metrics and traces (OTEL_EXPORTER_OTLP_ENDPOINT, to a receiver in
 * this process that reads and drops each export), every request sampled, and
 * the same with one request in ten sampled (OTEL_TRACES_SAMPLER). The cost is
 * each one's median req/s beside the plain server's, and its CPU time per
 * request (the server process's threads, from the kernel's scheduler
 * statistics): throughput on a shared 2-core machine moves ±15 % between
 * rounds, the CPU a request costs less. What the metrics step adds to a
 * request is also measured apart, in this process (`metricsStepMicros`), and
 * what tracing adds, in processes of its own (bench/tracing-step.ts); the
 * receiver decodes the exports between runs to count the spans per request.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'

import { routeTemplates } from '@/server/http/route-templates.server'
import { requestMetrics } from '@/server/observability/metrics.server'

import { exportedSpans } from '../scripts/otlp-spans'
import { type RunningApp, startApp } from './app'
import { cpuNanoseconds } from './cpu'
import { type LoadResult, runWrk } from './load'
import { median } from './stats'
import { tracingStepMicros, tracingStepTable } from './tracing-step'

export interface ObservabilityRoute {
  label: string
  path: string
  headers: Record<string, string>
}

const VARIANTS = ['plain', 'metrics', 'metrics and traces', 'metrics and traces, 10 % sampled'] as const

export async function observabilityCost(
  plain: RunningApp,
  databaseUrl: string,
  emailServer: string,
  routes: ObservabilityRoute[],
  {
    rounds,
    seconds,
    connections,
    log,
  }: { rounds: number; seconds: number; connections: number; log: (line: string) => void },
): Promise<string> {
  // The exports are kept as they come and decoded between runs (spans per request: what a
  // request makes, less what the batch processor dropped), so decoding costs no measured run.
  let exports: { body: Buffer; contentType: string | undefined }[] = []
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      exports.push({ body: Buffer.concat(chunks), contentType: request.headers['content-type'] })
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/json' }).end()
    })
  })
  const spansReceived = () => {
    const count = exports.reduce((sum, { body, contentType }) => sum + exportedSpans(body, contentType).length, 0)
    exports = []
    return count
  }
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const port = (offset: number): Record<string, string> =>
    process.env.BENCH_PORT ? { PORT: String(Number(process.env.BENCH_PORT) + offset) } : {}
  const token = { METRICS_TOKEN: 'bench-metrics-token-0123456789' }
  const metrics = await startApp(databaseUrl, emailServer, 60_000, { ...port(3), ...token })
  const traced = await startApp(databaseUrl, emailServer, 60_000, {
    ...port(4),
    ...token,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
  })
  // The standard sampler variables: a trace in ten, and the spans of the other requests never made.
  const sampled = await startApp(databaseUrl, emailServer, 60_000, {
    ...port(5),
    ...token,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  })
  const servers = [plain, metrics, traced, sampled]
  const results = routes.map(() => VARIANTS.map(() => [] as LoadResult[]))
  const cpuPerRequest = routes.map(() => VARIANTS.map(() => [] as number[]))
  const spansPerRequest = routes.map(() => VARIANTS.map(() => [] as number[]))
  const loads: number[] = []
  try {
    for (let round = 0; round < rounds; round++) {
      loads.push(os.loadavg()[0]!)
      for (const [r, route] of routes.entries()) {
        for (const [v, server] of servers.entries()) {
          const options = { connections, threads: 2, headers: route.headers }
          await runWrk(`${server.baseUrl}${route.path}`, { ...options, seconds: 2 })
          spansReceived()
          const cpuBefore = cpuNanoseconds(server.process.pid!)
          const result = await runWrk(`${server.baseUrl}${route.path}`, { ...options, seconds })
          cpuPerRequest[r]![v]!.push((cpuNanoseconds(server.process.pid!) - cpuBefore) / 1000 / result.requests)
          if (v >= 2) {
            // The run's last spans, exported after the batch processor's delay (5 s; the rest go by 512).
            await new Promise((resolve) => setTimeout(resolve, 5_500))
            spansPerRequest[r]![v]!.push(spansReceived() / result.requests)
          }
          // A few socket timeouts (wrk's 2 s) happen on a loaded machine; a refusal never should.
          if (result.non2xx || result.errors > result.requests / 20)
            throw new Error(`${route.path} on ${VARIANTS[v]}: ${result.non2xx} non-2xx, ${result.errors} errors`)
          results[r]![v]!.push(result)
          log(
            `observability round ${round + 1}/${rounds}: ${route.label}, ${VARIANTS[v]}: ${Math.round(result.rps)} req/s`,
          )
        }
      }
    }
  } finally {
    await Promise.all([metrics.stop(), traced.stop(), sampled.stop()])
    receiver.close()
  }
  const rows = routes.map((route, r) => {
    const rps = results[r]!.map((runs) => median(runs.map((run) => run.rps)))
    const cost = (v: number) =>
      `${Math.round(rps[v]!).toLocaleString('en')} (${(((rps[v]! - rps[0]!) / rps[0]!) * 100).toFixed(1)} %)`
    return `| ${route.label} | ${Math.round(rps[0]!).toLocaleString('en')} | ${cost(1)} | ${cost(2)} | ${cost(3)} |`
  })
  const step = await metricsStepMicros(routes)
  const tracing = await tracingStepMicros()
  const cpuRows = routes.map((route, r) => {
    const micros = cpuPerRequest[r]!.map(median)
    const cost = (v: number) =>
      `${micros[v]!.toFixed(0)} (${(((micros[v]! - micros[0]!) / micros[0]!) * 100).toFixed(1)} %)`
    return `| ${route.label} | ${micros[0]!.toFixed(0)} | ${cost(1)} | ${cost(2)} | ${cost(3)} |`
  })
  return [
    `Observability cost: median req/s of ${rounds} interleaved rounds of ${seconds} s, ${connections} connections; load average (1 min) at each round's start: ${loads.map((load) => load.toFixed(1)).join(', ')}`,
    '',
    '| route | plain | metrics on, traces off | metrics and traces on | traces 10 % sampled |',
    '| ----- | ----- | ---------------------- | --------------------- | ------------------- |',
    ...rows,
    '',
    `The server's CPU time per request (µs, all its threads; median of the rounds; the change beside the plain server's):`,
    '',
    '| route | plain | metrics on, traces off | metrics and traces on | traces 10 % sampled |',
    '| ----- | ----- | ---------------------- | --------------------- | ------------------- |',
    ...cpuRows,
    '',
    `The metrics step's own CPU time per request, in this process (median of ${STEP_RUNS} runs of ${STEP_CALLS.toLocaleString('en')} requests through the step, less the same answered without it): ${step.toFixed(2)} µs, ${routes.map((route, r) => `${((step / median(cpuPerRequest[r]![0]!)) * 100).toFixed(1)} % of the plain server's on ${route.label}`).join(', ')}.`,
    '',
    `Spans the receiver decoded per request (median of the rounds; every request traced / one in ten): ${routes.map((route, r) => `${route.label} ${median(spansPerRequest[r]![2]!).toFixed(2)} / ${median(spansPerRequest[r]![3]!).toFixed(2)}`).join(', ')}.`,
    '',
    `Tracing's own CPU time per traced request (bench/tracing-step.ts: a request span, a procedure's and three queries', in a process of its own, less the same untraced), and what it comes to on each route at the spans per request counted above:`,
    '',
    tracingStepTable(
      tracing,
      routes.map((route, r) => ({
        label: route.label,
        micros: median(cpuPerRequest[r]![0]!),
        spans: median(spansPerRequest[r]![2]!),
      })),
    ),
  ].join('\n')
}

const STEP_RUNS = 5
const STEP_CALLS = 100_000

/**
 * What counting a request costs (`requestMetrics`: its route template, the
 * counter and the histogram), read apart from the server: CPU time per
 * request through the step around an answer that costs nothing, less that
 * answer alone. The servers' CPU per request holds it too, but also GC and
 * PostgreSQL's client work that a run catches unevenly.
 */
async function metricsStepMicros(routes: ObservabilityRoute[]): Promise<number> {
  const requests = routes.map((route) => new Request(new URL(route.path, 'http://bench.test')))
  const step = requestMetrics(routeTemplates(requests.map((request) => new URL(request.url).pathname)).templateOf)
  const answer = async () => new Response(null)
  const perCall = async (run: (request: Request) => Promise<Response>) => {
    const before = process.cpuUsage()
    for (let i = 0; i < STEP_CALLS; i++) await run(requests[i % requests.length]!)
    const used = process.cpuUsage(before)
    return (used.user + used.system) / STEP_CALLS
  }
  const costs: number[] = []
  for (let run = 0; run < STEP_RUNS; run++) {
    const bare = await perCall(answer)
    costs.push((await perCall((request) => step(request, answer))) - bare)
  }
  return median(costs)
}
