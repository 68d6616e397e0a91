// Relative, with its extension: vite.config.ts loads this file (through the database client) as Node does.
import { processWide } from './process-wide.server.ts'

/**
 * Where the server's spans start: a pass-through until tracing.server.ts
 * (loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set) installs a tracer, so
 * that the database client, the API and the mailer need not import
 * OpenTelemetry. Process-wide: the build holds two copies of the server's modules.
 */
/** A span's attributes, built only when the span records (an unsampled request's spans allocate nothing). */
export type Attributes = () => Record<string, string>

export interface SpanHooks {
  /** Runs `fn` in a child span of the current one (just `fn` when the current one does not record). */
  inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T>
  /** Starts a child span of the current one; calling the answer ends it. */
  startSpan(name: string, attributes: Attributes): (error?: unknown) => void
}

const installed = processWide<{ hooks?: SpanHooks }>('span-hooks', () => ({}))

export function installSpanHooks(hooks: SpanHooks) {
  installed.hooks = hooks
}

export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const { hooks } = installed
  return hooks ? hooks.inSpan(name, attributes, fn) : fn()
}

const noEnd = () => {}

export function startSpan(name: string, attributes: Attributes): (error?: unknown) => void {
  return installed.hooks?.startSpan(name, attributes) ?? noEnd
}
