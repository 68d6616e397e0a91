// Raw HTTP for the door tests and the fuzzer: Node's fetch, no cookie jar, no
// redirects followed, any header (Origin, Sec-Fetch-Site, Cookie) and any bytes.

export interface Answer {
  status: number
  headers: Headers
  body: string
  /** What was asked, for messages. */
  request: string
}

export interface Ask {
  method: string
  /** Path and query, e.g. `/api/rest/books?limit=2`. */
  path: string
  headers?: Record<string, string>
  body?: string | Uint8Array | FormData | URLSearchParams
  /** The session cookie (`name=value`). */
  cookie?: string
}

/** Sends one request to `baseURL` and reads the whole answer (a 5xx or an error body stays visible). */
export async function ask(baseURL: string, { method, path, headers = {}, body, cookie }: Ask): Promise<Answer> {
  const all: Record<string, string> = { ...headers }
  if (cookie) all.cookie = cookie
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: all,
    body: method === 'GET' || method === 'HEAD' ? undefined : (body as BodyInit | undefined),
    redirect: 'manual',
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text, request: `${method} ${path}` }
}

/** A JSON request as the app's own pages send it (same origin). */
export function json(baseURL: string, method: string, path: string, value: unknown, cookie?: string): Promise<Answer> {
  return ask(baseURL, {
    method,
    path,
    cookie,
    headers: { 'content-type': 'application/json', origin: new URL(baseURL).origin },
    body: value === undefined ? undefined : JSON.stringify(value),
  })
}

/** The session cookie pair set by an answer, if any. */
export function sessionCookieOf(answer: Answer): string | undefined {
  return answer.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => /^(__Secure-)?better-auth\.session_token=./.test(pair))
}

/** A path segment; a lone surrogate goes as the bytes of one (invalid UTF-8), as a raw client could send it. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return value
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('')
  }
}

/** `/books/{id}` or `/books/$id` with every parameter replaced by `value(name)`. */
export function fillPath(template: string, value: (name: string) => string): string {
  return template
    .replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(value(name)))
    .replace(/\/[$:]([A-Za-z_]\w*)/g, (_, name: string) => `/${encodeSegment(value(name))}`)
}
