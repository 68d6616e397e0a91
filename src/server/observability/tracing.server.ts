import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { NodeSDK } from '@opentelemetry/sdk-node'

import type { PipelineStep } from '@/server/http/pipeline.server'

import { currentScope } from './request-scope.server'
import { installSpanHooks } from './trace-hooks.server'

const tracer = () => trace.getTracer('start-books')

function ended(span: Span, error?: unknown) {
  if (error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' })
  }
  span.end()
}

/** The current span, when it records: a child of an unsampled request is not made at all. */
function recordingParent() {
  const parent = trace.getSpan(context.active())
  return parent?.isRecording() ? parent : undefined
}

/**
 * Starts OpenTelemetry's Node SDK for traces only, exporting spans over
 * OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT: no automatic
 * instrumentation (the spans are the server's own, started where the work is,
 * trace-hooks.server.ts), no metric reader, no log processor. The SDK reads
 * the standard variables: the sampler (OTEL_TRACES_SAMPLER, e.g.
 * `parentbased_traceidratio` with OTEL_TRACES_SAMPLER_ARG=0.1), the batch
 * span processor's limits (OTEL_BSP_*) and the span limits.
 */
export function startTracing() {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'start-books',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  })
  sdk.start()
  installSpanHooks({
    inSpan(name, attributes, fn) {
      const parent = recordingParent()
      if (!parent) return fn()
      const span = tracer().startSpan(name, { attributes: attributes() }, context.active())
      return context.with(trace.setSpan(context.active(), span), async () => {
        try {
          const result = await fn()
          ended(span)
          return result
        } catch (error) {
          ended(span, error)
          throw error
        }
      })
    },
    startSpan(name, attributes) {
      if (!recordingParent()) return noEnd
      const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes: attributes() }, context.active())
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
    const span = tracer().startSpan(`${request.method} ${route}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'http.route': route },
    })
    if (!span.isRecording()) return next(request)
    span.setAttribute('request.id', scope?.requestId ?? '')
    if (scope) scope.traceId = span.spanContext().traceId
    return context.with(trace.setSpan(context.active(), span), async () => {
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
    })
  }
}
