import { type Context, context, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node'

import type { Next, PipelineStep } from '@/server/http/pipeline.server'

import { currentScope } from '../platform/request-scope.server'
import { type Attributes, installSpanHooks } from '../platform/trace-hooks.server'

/** The server's tracer, taken once the SDK is started (getTracer builds a key and looks it up on each call). */
let tracer: Tracer = trace.getTracer('start-books')

function ended(span: Span, error?: unknown) {
  if (error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' })
  }
  span.end()
}

/** Runs `fn` (in the span's context, context.with's arguments: no closure a span) and ends the span. */
async function settled<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    const result = await fn()
    span.end()
    return result
  } catch (error) {
    ended(span, error)
    throw error
  }
}

/** The active context when its span records: a child of an unsampled request is not made at all. */
function recordingContext(): Context | undefined {
  const active = context.active()
  return trace.getSpan(active)?.isRecording() ? active : undefined
}

/**
 * Starts OpenTelemetry's Node SDK for traces only, exporting spans over
 * OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT: no automatic instrumentation (the
 * spans are the server's own, started where the work is,
 * trace-hooks.server.ts), no metric reader, no log processor. In JSON unless
 * a standard variable names the protocol (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL
 * or OTEL_EXPORTER_OTLP_PROTOCOL: `http/protobuf`, `http/json`, `grpc`): then
 * the SDK makes the exporter it names, as it does when OTEL_TRACES_EXPORTER is
 * set. JSON by default because it cost the least CPU a span in the bench
 * (bench/tracing-step.ts: JSON.stringify is native, the protobuf writer is
 * JavaScript), though protobuf sends half the bytes. The SDK reads the other
 * standard variables: the sampler (OTEL_TRACES_SAMPLER, e.g.
 * `parentbased_traceidratio` with OTEL_TRACES_SAMPLER_ARG=0.1), the batch span
 * processor's limits (OTEL_BSP_*) and the span limits. `configuration` is the
 * bench's (bench/tracing-step.ts).
 */
export function startTracing(configuration: Partial<NodeSDKConfiguration> = {}) {
  const { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_TRACES_EXPORTER } = process.env
  const named = OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || OTEL_EXPORTER_OTLP_PROTOCOL || OTEL_TRACES_EXPORTER
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'start-books',
    traceExporter: named ? undefined : new OTLPTraceExporter(),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
    ...configuration,
  })
  sdk.start()
  tracer = trace.getTracerProvider().getTracer('start-books')
  installSpanHooks({
    inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>) {
      const parent = recordingContext()
      if (!parent) return fn()
      const span = tracer.startSpan(name, { attributes: attributes() }, parent)
      return context.with(trace.setSpan(parent, span), settled<T>, undefined, span, fn)
    },
    startSpan(name, attributes) {
      const parent = recordingContext()
      if (!parent) return noEnd
      const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes: attributes() }, parent)
      return (error) => ended(span, error)
    },
  })
  process.once('beforeExit', () => void sdk.shutdown())
  return sdk
}

const noEnd = () => {}

/**
 * The pipeline step of a request's span (inside the request log, which gives
 * the request its id): named by method and route template (never the URL),
 * its trace id written on the request's log lines. A request the sampler
 * leaves out runs outside any span context, so its procedures and queries
 * make no span either.
 */
export function requestTracing(templateOf: (pathname: string) => string): PipelineStep {
  return (request, next) => {
    const route = templateOf(new URL(request.url).pathname)
    const scope = currentScope()
    const span = tracer.startSpan(`${request.method} ${route}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'http.route': route, 'request.id': scope?.requestId ?? '' },
    })
    if (!span.isRecording()) return next(request)
    if (scope) scope.traceId = span.spanContext().traceId
    return context.with(trace.setSpan(context.active(), span), answered, undefined, span, next, request)
  }
}

/** The request's answer, its status on its span. */
async function answered(span: Span, next: Next, request: Request): Promise<Response> {
  try {
    const response = await next(request)
    span.setAttribute('http.response.status_code', response.status)
    if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
    span.end()
    return response
  } catch (error) {
    ended(span, error)
    throw error
  }
}
