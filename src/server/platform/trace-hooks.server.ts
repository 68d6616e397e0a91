/**
 * Where the server's spans start: a pass-through until tracing.server.ts
 * (loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set) installs a tracer, so
 * that the database client, the API and the mailer need not import
 * OpenTelemetry. On globalThis: the build holds two copies of the server's modules.
 */
/** A span's attributes, built only when the span records (an unsampled request's spans allocate nothing). */
export type Attributes = () => Record<string, string>

export interface SpanHooks {
  /** Runs `fn` in a child span of the current one (just `fn` when the current one does not record). */
  inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T>
  /** Starts a child span of the current one; calling the answer ends it. */
  startSpan(name: string, attributes: Attributes): (error?: unknown) => void
}

const key = Symbol.for('start-books.span-hooks')
const holder = globalThis as { [key]?: SpanHooks }

export function installSpanHooks(hooks: SpanHooks) {
  holder[key] = hooks
}

export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const hooks = holder[key]
  return hooks ? hooks.inSpan(name, attributes, fn) : fn()
}

const noEnd = () => {}

export function startSpan(name: string, attributes: Attributes): (error?: unknown) => void {
  return holder[key]?.startSpan(name, attributes) ?? noEnd
}
