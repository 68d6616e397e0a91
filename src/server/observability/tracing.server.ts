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

/**
 * Starts OpenTelemetry's Node SDK, exporting spans over OTLP/HTTP (JSON) to
 * OTEL_EXPORTER_OTLP_ENDPOINT (the exporter reads the OTEL_* variables), with
 * no automatic instrumentation: the spans are the server's own, started where
 * the work is (trace-hooks.server.ts).
 */
export function startTracing() {
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'start-books',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [],
  })
  sdk.start()
  installSpanHooks({
    inSpan: (name, attributes, fn) =>
      tracer().startActiveSpan(name, { attributes }, async (span) => {
        try {
          const result = await fn()
          ended(span)
          return result
        } catch (error) {
          ended(span, error)
          throw error
        }
      }),
    startSpan(name, attributes) {
      const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes }, context.active())
      return (error) => ended(span, error)
    },
  })
  process.once('beforeExit', () => void sdk.shutdown())
  return sdk
}

/**
 * The pipeline step of a request's span (inside the request log, which gives
 * the request its id): named by method and route template (never the URL),
 * its trace id written on the request's log lines.
 */
export function requestTracing(templateOf: (pathname: string) => string): PipelineStep {
  return (request, next) => {
    const route = templateOf(new URL(request.url).pathname)
    const scope = currentScope()
    const attributes = {
      'http.request.method': request.method,
      'http.route': route,
      'request.id': scope?.requestId ?? '',
    }
    return tracer().startActiveSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes },
      async (span) => {
        if (scope) scope.traceId = span.spanContext().traceId
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
      },
    )
  }
}
