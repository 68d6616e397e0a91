// Well-formed requests for every derived door: both forms of a procedure (RPC and
// REST) and each method of a better-auth endpoint, with the input its schema asks for.
import type { AuthEndpoint, Procedure } from './derive'
import { fillPath } from './http'
import { sample, type SampleOptions, sampleQuery } from './samples'

export interface DoorRequest {
  /** `book.delete (rest)`, `/api/auth/admin/ban-user` */
  door: string
  method: string
  path: string
  /** JSON value of the body (none for GET). */
  body?: unknown
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const isStateChanging = (method: string) => STATE_CHANGING.has(method.toUpperCase())

/** The procedure's input (the walk's field values win) and its two requests. */
export function procedureRequests(procedure: Procedure, options: SampleOptions): DoorRequest[] {
  const input = (sample(procedure.input, options) ?? {}) as Record<string, unknown>
  const pathParams = [...procedure.restPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)
  const rest: Record<string, unknown> = { ...input }
  for (const name of pathParams) delete rest[name]
  const restPath = fillPath(procedure.restPath, (name) =>
    String(input[name] ?? options.field?.(name) ?? 'doors-missing'),
  )
  const query = new URLSearchParams()
  if (procedure.method === 'GET') {
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) query.set(key, String(value))
  }
  return [
    { door: `${procedure.name} (rpc)`, method: 'POST', path: procedure.rpcPath, body: { json: input } },
    {
      door: `${procedure.name} (rest)`,
      method: procedure.method,
      path: restPath + (query.size > 0 ? `?${query}` : ''),
      body: procedure.method === 'GET' ? undefined : rest,
    },
  ]
}

/** One request per method of the endpoint, path parameters and input from `options`. */
export function authRequests(endpoint: AuthEndpoint, options: SampleOptions): DoorRequest[] {
  const path = fillPath(endpoint.path, (name) => String(options.field?.(name) ?? 'doors-missing'))
  return endpoint.methods.map((method) => {
    const m = method === '*' ? 'POST' : method
    const query = sampleQuery(endpoint.query, options)
    return m === 'GET'
      ? { door: endpoint.path, method: m, path: path + (query.size > 0 ? `?${query}` : '') }
      : { door: endpoint.path, method: m, path, body: sample(endpoint.body, options) ?? {} }
  })
}
