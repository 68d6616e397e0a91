/**
 * The spans of one OTLP/HTTP trace export, as the exporter sent them: JSON
 * (`http/json`) or protobuf (`http/protobuf`, the SDK's default). The ops test's
 * receiver (scripts/ops-test.ts) and the bench's (bench/tracing-step.ts) read
 * exports with it. Protobuf is read by field number from the OTLP schema
 * (opentelemetry/proto/trace/v1/trace.proto): only what a test looks at
 * (ids, name, string and integer attributes); anything else is skipped.
 */
export interface ExportedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[]
}

export function exportedSpans(body: Buffer, contentType: string | undefined): ExportedSpan[] {
  if (contentType?.includes('json')) {
    const payload = JSON.parse(body.toString('utf8')) as {
      resourceSpans?: { scopeSpans?: { spans?: ExportedSpan[] }[] }[]
    }
    return (payload.resourceSpans ?? []).flatMap((resource) =>
      (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
    )
  }
  // ExportTraceServiceRequest: 1 resource_spans; ResourceSpans: 2 scope_spans; ScopeSpans: 2 spans.
  const spans: ExportedSpan[] = []
  for (const resource of fields(body))
    if (resource.number === 1)
      for (const scope of fields(resource.bytes!))
        if (scope.number === 2)
          for (const span of fields(scope.bytes!)) if (span.number === 2) spans.push(decodeSpan(span.bytes!))
  return spans
}

/** Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 9 attributes (KeyValue). */
function decodeSpan(bytes: Buffer): ExportedSpan {
  const span: ExportedSpan = { traceId: '', spanId: '', name: '', attributes: [] }
  for (const field of fields(bytes)) {
    if (field.number === 1) span.traceId = field.bytes!.toString('hex')
    else if (field.number === 2) span.spanId = field.bytes!.toString('hex')
    else if (field.number === 4 && field.bytes!.length > 0) span.parentSpanId = field.bytes!.toString('hex')
    else if (field.number === 5) span.name = field.bytes!.toString('utf8')
    else if (field.number === 9) span.attributes!.push(decodeKeyValue(field.bytes!))
  }
  return span
}

/** KeyValue: 1 key, 2 value (AnyValue: 1 string_value, 3 int_value). */
function decodeKeyValue(bytes: Buffer) {
  let key = ''
  const value: { stringValue?: string; intValue?: string } = {}
  for (const field of fields(bytes)) {
    if (field.number === 1) key = field.bytes!.toString('utf8')
    else if (field.number === 2)
      for (const any of fields(field.bytes!)) {
        if (any.number === 1) value.stringValue = any.bytes!.toString('utf8')
        else if (any.number === 3) value.intValue = String(any.varint)
      }
  }
  return { key, value }
}

interface Field {
  number: number
  varint?: bigint
  bytes?: Buffer
}

/** The fields of one protobuf message, in order (wire types 0, 1, 2 and 5). */
function* fields(bytes: Buffer): Generator<Field> {
  let offset = 0
  const varint = () => {
    let value = 0n
    let shift = 0n
    for (;;) {
      const byte = bytes[offset++]!
      value |= BigInt(byte & 0x7f) << shift
      if (byte < 0x80) return value
      shift += 7n
    }
  }
  while (offset < bytes.length) {
    const tag = Number(varint())
    const number = tag >>> 3
    switch (tag & 7) {
      case 0:
        yield { number, varint: varint() }
        break
      case 1:
        offset += 8
        yield { number }
        break
      case 2: {
        const length = Number(varint())
        yield { number, bytes: bytes.subarray(offset, offset + length) }
        offset += length
        break
      }
      case 5:
        offset += 4
        yield { number }
        break
      default:
        throw new Error(`protobuf: wire type ${tag & 7} at ${offset}`)
    }
  }
}
