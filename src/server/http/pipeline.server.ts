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
