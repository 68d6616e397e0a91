/** Answers a request: the rest of the pipeline, or the app itself at the end. */
export type Next = (request: Request) => Promise<Response>

/**
 * One step in front of every route (src/server.ts): it answers by itself
 * (a refusal), or calls `next` with the request (possibly rewritten) and may
 * change the answer on the way back (headers).
 */
export type PipelineStep = (request: Request, next: Next) => Promise<Response>

/** The steps in order, the first one outermost, then `last`. */
export function pipeline(steps: PipelineStep[], last: Next): Next {
  return steps.reduceRight<Next>((next, step) => (request) => step(request, next), last)
}

/** `message` with its headers changed by `edit`: in place when they can be, else on the copy `copy` makes. */
function withEditedHeaders<Message extends Request | Response>(
  message: Message,
  edit: (headers: Headers) => void,
  copy: (headers: Headers) => Message,
): Message {
  try {
    edit(message.headers)
    return message
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    const headers = new Headers(message.headers)
    edit(headers)
    return copy(headers)
  }
}

/**
 * The request with its headers changed by `edit`: in place when they can be
 * (the server's own request: a copy of it, of its headers and of its abort
 * signal was a fifth of the book list API's time under load), on a copy when
 * they are immutable. The body stream is handed on, not read.
 */
export function withRequestHeaders(request: Request, edit: (headers: Headers) => void): Request {
  return withEditedHeaders(request, edit, (headers) => {
    // Built field by field: the server's own request class is not always accepted as a `Request` to copy.
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
    return new Request(request.url, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      signal: request.signal,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit)
  })
}

/** A copy of the request at another URL: same method, headers, body stream and abort signal. */
export function withRequestUrl(request: Request, url: string): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/**
 * The answer with its headers changed by `edit`: in place when they can be
 * (no copy of the headers and body for every answer), on a copy when they
 * are immutable (a redirect's, a fetched response's).
 */
export function withResponseHeaders(response: Response, edit: (headers: Headers) => void): Response {
  return withEditedHeaders(
    response,
    edit,
    (headers) => new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
  )
}
