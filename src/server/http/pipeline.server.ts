/** One step of the request pipeline: may answer itself, or hand the request on. */
export type Next = (request: Request) => Promise<Response>
export type PipelineStep = (request: Request, next: Next) => Promise<Response>

/** The steps in order, in front of `last`: the first step sees the request first and the response last. */
export function pipeline(steps: PipelineStep[], last: Next): Next {
  return steps.reduceRight<Next>((next, step) => (request) => step(request, next), last)
}
