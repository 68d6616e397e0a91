// A seeded fuzzer over every door: the routes derived from the code, every
// operation of both OpenAPI documents (/api/openapi.json, better-auth's), and the
// pages, as signed out, user and admin. Whatever the seed: no answer ≥ 500 and no
// body showing a stack trace, SQL or a file path.
//
// Run by `npm run fuzz` (e2e/support/fuzz/cli.ts, any number of requests) and by
// e2e/doors-fuzz.spec.ts (a budget, inside `npm test`), each on an app instance of
// its own: the fuzzer creates, bans and deletes what it finds.
import { type SeededChoices, seededChoices } from '../../../src/test/seeded-random'
import { Caller, type Role, ROLES } from '../doors/accounts'
import { AUTH_PREFIX, deriveRoutes, type JsonSchema, REST_PREFIX } from '../doors/derive'
import { fillPath } from '../doors/http'
import { leaksIn } from '../doors/judge'
import { sample } from '../doors/samples'

/** One door as the fuzzer sees it. */
interface Target {
  kind: 'rest' | 'rpc' | 'auth' | 'page' | 'server'
  method: string
  /** Template, `{name}` for parameters: `/api/rest/users/{id}`. */
  path: string
  body?: JsonSchema
  query?: JsonSchema
  /** All methods this path serves (for wrong-method requests). */
  methods: string[]
}

interface FuzzRequest {
  target: Target
  role: Role
  mutation: string
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Uint8Array
}

interface Finding {
  request: string
  mutation: string
  role: Role
  status: number
  reason: string
  body: string
}

export interface FuzzReport {
  seed: number
  total: number
  /** `METHOD template` → status → count. */
  byRoute: Map<string, Map<number, number>>
  byStatus: Map<number, number>
  findings: Finding[]
  /** Requests reset on a reused socket and sent again. */
  resets: number
  ms: number
}

type Random = SeededChoices

/** The writes that can end or demote a caller's own session. */
const SESSION_WRITES = /^\/api\/(auth|rest\/users|rpc\/user)\b/
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']
const toTemplate = (path: string) => path.replace(/\/[:$]([A-Za-z_]\w*)/g, '/{$1}')
const MB = 1024 * 1024

/** Every door: derived from the code, plus anything either OpenAPI document lists. */
async function fuzzTargets(baseURL: string): Promise<Target[]> {
  const routes = await deriveRoutes()
  const targets = new Map<string, Target>()
  const add = (target: Omit<Target, 'methods'>) => {
    const key = `${target.method} ${target.path}`
    if (!targets.has(key)) targets.set(key, { ...target, methods: [] })
  }
  for (const p of routes.procedures) {
    add({
      kind: 'rest',
      method: p.method,
      path: p.restPath,
      body: p.method === 'GET' ? undefined : p.input,
      query: p.method === 'GET' ? p.input : undefined,
    })
    add({ kind: 'rpc', method: 'POST', path: p.rpcPath, body: p.input })
  }
  for (const e of routes.authEndpoints) {
    for (const method of e.methods)
      add({
        kind: 'auth',
        method: method === '*' ? 'POST' : method,
        path: toTemplate(e.path),
        body: e.body,
        query: e.query,
      })
  }
  for (const page of routes.pages) add({ kind: 'page', method: 'GET', path: toTemplate(page.path) })
  for (const route of routes.serverRoutes) {
    if (!route.path.includes('$')) for (const method of route.methods) add({ kind: 'server', method, path: route.path })
  }
  // The documents as served: an operation only they know is fuzzed too.
  for (const [url, prefix, kind] of [
    ['/api/openapi.json', REST_PREFIX, 'rest'],
    ['/api/auth/open-api/generate-schema', AUTH_PREFIX, 'auth'],
  ] as const) {
    const response = await fetch(new URL(url, baseURL))
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    const document = (await response.json()) as { paths: Record<string, Record<string, OpenApiOperation>> }
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!METHODS.includes(method.toUpperCase())) continue
        add({
          kind,
          method: method.toUpperCase(),
          path: prefix + path,
          body: operation.requestBody?.content?.['application/json']?.schema,
          query: queryOf(operation),
        })
      }
    }
  }
  // Unknown doors: a server function that does not exist, a path under each API.
  add({ kind: 'server', method: 'POST', path: '/_serverFn/{id}' })
  add({ kind: 'rpc', method: 'POST', path: '/api/rpc/{id}/{name}' })
  add({ kind: 'rest', method: 'GET', path: '/api/rest/{id}' })
  add({ kind: 'auth', method: 'POST', path: '/api/auth/{id}' })
  const all = [...targets.values()]
  for (const target of all)
    target.methods = all.filter((other) => other.path === target.path).map((other) => other.method)
  return all
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>
}

function queryOf(operation: OpenApiOperation): JsonSchema | undefined {
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query')
  if (query.length === 0) return undefined
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? { type: 'string' }])),
    required: query.filter((p) => p.required).map((p) => p.name),
  }
}

// Values that have broken parsers, databases and renderers before.
const ODD_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  '𝕬𝖉𝖒𝖎𝖓',
  '👩‍👩‍👧‍👦',
  'İıſK',
  '\uD800',
  '\uDFFF',
  '\\u0000',
  "' OR 1=1 --",
  '"; DROP TABLE "user"; --',
  '%00',
  '%ff%fe',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${{7*7}}',
  '{{constructor.constructor("x")()}}',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  ' ',
  '',
  'a'.repeat(10_000),
  '\r\nSet-Cookie: x=1',
  '__proto__',
  'ß'.repeat(300),
  '٣',
  '\u0085\u2028\u2029',
]
const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  1e308,
  [],
  {},
  [null],
  { $gt: '' },
  { __proto__: { admin: true } },
  'x',
]

function deep(depth: number, array: boolean): string {
  return array ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
}

function badCursor(r: Random): string {
  return r.pick([
    'x',
    '',
    '%00',
    'a'.repeat(5000),
    Buffer.from('{"sort":"x","id":1}').toString('base64url'),
    Buffer.from('not json').toString('base64url'),
    Buffer.from(JSON.stringify({ sort: "'; select 1; --", id: '\u0000' })).toString('base64url'),
    Buffer.from(JSON.stringify({ sort: '9999-99-99', id: [] })).toString('base64url'),
    '====',
    '\uD800',
    '..%2f',
  ])
}

export interface FuzzOptions {
  baseURL: string
  requests: number
  seed: number
  callers: Record<Role, Caller>
  /** Ids of records the fuzzer may change (never the seeded accounts'). */
  ids: string[]
  concurrency?: number
  onProgress?: (done: number) => void
}

/** A 1 × 1 PNG: the real picture the upload routes' near-pictures are made from. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** The first bytes of each format the upload routes take (PNG, JPEG, WebP, AVIF). */
const PICTURE_SIGNATURES = [
  TINY_PNG.subarray(0, 16),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  Buffer.from('RIFF\x00\x10\x00\x00WEBPVP8 ', 'latin1'),
  Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1', 'latin1'),
]

/** Bytes that look like a picture to a first glance (issue 30): a real one truncated or flipped, a signature then noise. */
function pictureBytes(r: Random): Uint8Array {
  const noise = (length: number) => Uint8Array.from({ length }, () => r.int(256))
  switch (r.int(3)) {
    case 0:
      return TINY_PNG.subarray(0, r.int(TINY_PNG.length))
    case 1: {
      const flipped = Uint8Array.from(TINY_PNG)
      for (let i = 0; i < 1 + r.int(4); i++) flipped[r.int(flipped.length)] = r.int(256)
      return flipped
    }
    default:
      return Buffer.concat([r.pick(PICTURE_SIGNATURES), noise(r.pick([0, 16, 1024, 64 * 1024]))])
  }
}

/** The requests of one seed, in order: the same seed gives the same requests. */
function* generate(
  targets: Target[],
  options: Pick<FuzzOptions, 'seed' | 'requests' | 'ids' | 'baseURL'>,
): Generator<Omit<FuzzRequest, 'headers'> & { headers: Record<string, string> }> {
  const r = seededChoices(options.seed)
  const origin = new URL(options.baseURL).origin
  for (let i = 0; i < options.requests; i++) {
    const target = r.pick(targets)
    const role = r.pick(ROLES)
    const idFor = () =>
      r.chance(0.7) ? r.pick(options.ids) : r.pick(['doors-missing', ...ODD_STRINGS.slice(0, 12), 'x'.repeat(300)])
    const valid = () =>
      sample(target.body, {
        optional: r.chance(0.5),
        field: (name) => (/id$/i.test(name) ? idFor() : name === 'cursor' ? undefined : undefined),
      })
    const query = () => {
      const value = sample(target.query, {
        optional: r.chance(0.5),
        field: (name) => (/id$/i.test(name) ? idFor() : undefined),
      }) as Record<string, unknown> | undefined
      return new URLSearchParams(
        Object.entries(value ?? {})
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
      )
    }
    let method = target.method
    let path = fillPath(target.path, () => idFor())
    const params = query()
    let body: unknown = valid()
    let raw: string | Uint8Array | undefined
    let contentType = 'application/json'
    const mutation = r.pick([
      'valid',
      'wrong type',
      'missing field',
      'extra field',
      '1 MB string',
      'deep nesting',
      'invalid JSON',
      'invalid UTF-8',
      'NUL',
      'unicode',
      'bad cursor',
      'bad content type',
      'wrong method',
      'odd body',
      'odd path',
      'odd query',
      'huge body',
      'picture bytes',
    ] as const)
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []
    const setField = (value: unknown) => {
      const key =
        fields.length > 0 && r.chance(0.8) ? r.pick(fields) : r.pick(['name', 'email', 'id', 'userId', 'title', 'x'])
      body = { ...(body && typeof body === 'object' ? body : {}), [key]: value }
    }
    switch (mutation) {
      case 'valid':
        break
      case 'wrong type':
        setField(r.pick(ODD_VALUES))
        break
      case 'missing field':
        if (fields.length > 0) {
          const copy = { ...(body as Record<string, unknown>) }
          delete copy[r.pick(fields)]
          body = copy
        } else body = undefined
        break
      case 'extra field':
        setField(r.pick(ODD_VALUES))
        body = {
          ...(body as object),
          [r.pick(['__proto__', 'constructor', 'role', 'admin', 'banned', 'emailVerified', 'id', 'zzz'])]:
            r.pick(ODD_VALUES),
        }
        break
      case '1 MB string':
        if (r.chance(0.5) || method === 'GET')
          params.set(r.pick([...params.keys(), 'searchTerm']), 'a'.repeat(r.pick([MB, 16 * 1024])))
        else setField('é'.repeat(MB / 2))
        break
      case 'deep nesting':
        raw = r.chance(0.5)
          ? deep(r.pick([100, 1000, 10_000, 100_000]), r.chance(0.5))
          : `{"json":${deep(r.pick([1000, 10_000]), false)}}`
        break
      case 'invalid JSON':
        raw = r.pick([
          '{',
          '{"a":',
          '[1,]',
          '{"a":1}}',
          "{'a':1}",
          '{"a":NaN}',
          '\u0000{}',
          '{"a":"\\x00"}',
          '{"a":"\\ud800"}',
          'undefined',
          '{"json":',
        ])
        break
      case 'invalid UTF-8':
        raw = Buffer.concat([
          Buffer.from('{"name":"'),
          Buffer.from([r.pick([0xff, 0xc0, 0xed, 0xf8]), 0xfe, 0x80]),
          Buffer.from('"}'),
        ])
        break
      case 'NUL':
        if (r.chance(0.4)) setField(r.pick(['\u0000', 'a\u0000', `${'x'.repeat(10)}\u0000@example.com`]))
        else if (r.chance(0.5)) params.set(r.pick([...params.keys(), 'searchTerm', 'redirect', 'email']), '\u0000')
        else path = `${path}${path.endsWith('/') ? '' : '/'}%00`
        break
      case 'unicode':
        setField(r.pick(ODD_STRINGS))
        if (r.chance(0.3)) params.set(r.pick([...params.keys(), 'searchTerm', 'redirect']), r.pick(ODD_STRINGS))
        break
      case 'bad cursor':
        params.set('cursor', badCursor(r))
        if (r.chance(0.3)) params.set('limit', r.pick(['-1', '0', '1e9', 'x', '1.5', '']))
        if (body && typeof body === 'object')
          body = { ...(body as object), cursor: badCursor(r), limit: r.pick([-1, 0, 1e9, 'x']) }
        break
      case 'bad content type':
        contentType = r.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          '',
          'application/json; charset=utf-16',
          'application/json, text/html',
          '*/*',
        ])
        raw = r.chance(0.5) ? JSON.stringify(body ?? {}) : 'name=Mallory&email=m%40evil.example&role=admin'
        break
      case 'wrong method': {
        const others = METHODS.filter((m) => !target.methods.includes(m))
        method = others.length > 0 ? r.pick(others) : 'PATCH'
        break
      }
      case 'odd body':
        raw = r.pick([
          'true',
          'null',
          '1',
          '"x"',
          '[]',
          '[{}]',
          '',
          ' ',
          '{"__proto__":{"role":"admin"}}',
          '{"constructor":{"prototype":{"x":1}}}',
        ])
        break
      case 'odd path':
        path = r.pick([
          path + '/',
          path + '//',
          path + '/..',
          path + '/%2e%2e/%2e%2e',
          path.replace(/\/[^/]*$/, '/%ff%fe'),
          path + '?' + 'q='.repeat(2000),
          path + '/' + 'a'.repeat(r.pick([300, 5000, 20_000])),
          path.toUpperCase(),
          path + '%20',
          path + '.json',
          path + '/\u202E',
        ])
        break
      case 'odd query':
        for (const key of ['redirect', 'callbackURL', 'searchTerm', 'email', 'error', 'limit', 'data', 'token']) {
          if (r.chance(0.3))
            params.append(
              key,
              r.pick([
                ...ODD_STRINGS,
                'https://evil.example/' + 'a'.repeat(20_000),
                '//evil.example',
                'javascript:alert(1)',
              ]),
            )
        }
        break
      case 'huge body':
        raw = JSON.stringify({ name: 'a'.repeat(r.pick([MB + 1, 2 * MB])) })
        break
      case 'picture bytes':
        raw = pictureBytes(r)
        contentType = r.pick(['application/octet-stream', 'image/png', 'image/jpeg', 'image/svg+xml', ''])
        break
    }
    if (raw === undefined && body !== undefined && method !== 'GET' && method !== 'HEAD') {
      raw = JSON.stringify(target.kind === 'rpc' && !mutation.includes('JSON') ? { json: body } : body)
    }
    if (method === 'GET' || method === 'HEAD') raw = undefined
    const headers: Record<string, string> = {}
    if (raw !== undefined && contentType) headers['content-type'] = contentType
    // Most requests come as the app's own pages send them; a few as other clients do.
    if (r.chance(0.8)) headers.origin = origin
    if (r.chance(0.1)) headers['accept-language'] = r.pick(['fr', 'ar', 'sw', 'xx', '*', 'fr;q=abc', 'a'.repeat(5000)])
    const search = params.toString()
    yield {
      target,
      role,
      mutation,
      method,
      path: search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path,
      headers,
      body: raw,
    }
  }
}

/** Sends the requests of `options.seed` and tallies the answers. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now()
  const targets = await fuzzTargets(options.baseURL)
  const report: FuzzReport = {
    seed: options.seed,
    total: 0,
    byRoute: new Map(),
    byStatus: new Map(),
    findings: [],
    resets: 0,
    ms: 0,
  }
  const requests = generate(targets, options)
  const worker = async () => {
    for (const request of requests) {
      const caller = options.callers[request.role]
      let cookie: string | undefined
      try {
        cookie = await caller.cookie()
      } catch (error) {
        // Signing the caller in again failed: the server stopped answering.
        report.findings.push({
          request: `sign-in of a ${request.role}`,
          mutation: 'setup',
          role: request.role,
          status: 0,
          reason: 'no answer',
          body: String((error as Error).cause ?? error).slice(0, 300),
        })
        report.total++
        continue
      }
      const send = async (): Promise<[number, string]> => {
        try {
          // Joined as text: a path such as `//x` stays a path, not another host.
          const response = await fetch(`${new URL(options.baseURL).origin}${request.path}`, {
            method: request.method,
            headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
            body: request.body as BodyInit | undefined,
            redirect: 'manual',
            signal: AbortSignal.timeout(30_000),
          })
          return [response.status, await response.text()]
        } catch (error) {
          return [0, String((error as Error).cause ?? error)]
        }
      }
      let [status, text] = await send()
      // A kept-alive socket the server closed (after refusing another request's body
      // early) resets the next request on it: sent again on a fresh socket, once.
      if (status === 0 && /ECONNRESET|EPIPE|socket/i.test(text) && request.path.length <= 16 * 1024) {
        report.resets++
        ;[status, text] = await send()
      }
      // Node's HTTP parser refuses a request line and headers over 16 KB itself (431,
      // closing the socket while the client still writes): a refusal, not a crash.
      if (status === 0 && request.path.length > 16 * 1024 && /ECONNRESET|EPIPE|socket/i.test(text)) status = 431
      const key = `${request.target.method} ${request.target.path}`
      const row = report.byRoute.get(key) ?? new Map<number, number>()
      row.set(status, (row.get(status) ?? 0) + 1)
      report.byRoute.set(key, row)
      report.byStatus.set(status, (report.byStatus.get(status) ?? 0) + 1)
      const leaks = leaksIn(text)
      const reason =
        status === 0
          ? 'no answer'
          : status >= 500
            ? `status ${status}`
            : leaks.length > 0
              ? `body shows ${leaks.join(', ')}`
              : undefined
      if (reason) {
        report.findings.push({
          request: `${request.method} ${request.path.slice(0, 200)}`,
          mutation: request.mutation,
          role: request.role,
          status,
          reason,
          body: text.slice(0, 300),
        })
      }
      report.total++
      options.onProgress?.(report.total)
      // A write may have ended or demoted the caller's session (sign-out, revoke, delete,
      // impersonation, a role or a ban): check it before its next request.
      if (request.role !== 'anonymous' && request.method !== 'GET' && SESSION_WRITES.test(request.path)) {
        await caller.cookie(true).catch(() => undefined) // a failure shows at the caller's next request
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  report.ms = Date.now() - started
  return report
}

/** Answers by route and status, findings last (each with its request). */
export function formatReport(report: FuzzReport): string {
  const statuses = [...report.byStatus.keys()].sort((a, b) => a - b)
  const routes = [...report.byRoute.keys()].sort(
    (a, b) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b),
  )
  const width = Math.max(5, ...routes.map((route) => route.length))
  const cell = (value: string | number) => String(value).padStart(6)
  const lines = [
    `${'route'.padEnd(width)} ${statuses.map((s) => cell(s === 0 ? 'none' : s)).join('')}`,
    ...routes.map(
      (route) =>
        `${route.padEnd(width)} ${statuses.map((s) => cell(report.byRoute.get(route)!.get(s) ?? '')).join('')}`,
    ),
    `${'all'.padEnd(width)} ${statuses.map((s) => cell(report.byStatus.get(s)!)).join('')}`,
    '',
    `${report.total} requests in ${(report.ms / 1000).toFixed(1)} s, seed ${report.seed}: ${report.findings.filter((f) => f.status >= 500 || f.status === 0).length} answers ≥ 500 or none, ${report.findings.filter((f) => f.status > 0 && f.status < 500).length} bodies showing internals; ${report.resets} resets sent again`,
  ]
  const shown = new Set<string>()
  for (const finding of report.findings) {
    const key = `${finding.reason} ${finding.request.split('?')[0]} ${finding.mutation}`
    if (shown.has(key)) continue
    shown.add(key)
    lines.push(
      `  ${finding.reason} [${finding.role}, ${finding.mutation}] ${finding.request}\n    ${finding.body.replace(/\s+/g, ' ').slice(0, 200)}`,
    )
  }
  return lines.join('\n')
}
