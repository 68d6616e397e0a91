/** What a request is counted under when no route serves its path. */
export const UNMATCHED = 'unmatched'

interface Template {
  template: string
  segments: string[]
  /** Segments that match anything: the fewer, the earlier it is tried. */
  wild: number
}

const isParam = (segment: string) => /^[$:{]/.test(segment)
const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/**
 * The route template a path belongs to, from the templates the code declares
 * (`/manager/books/$id`, `/api/rest/books/{id}`, `/api/auth/admin/:id`, a
 * splat `/api/rpc/$`): `/manager/books/4f…` → `/manager/books/$id`. Static
 * segments win over parameters; a path no template matches is `unmatched`.
 * A bounded label for metrics, whatever the URLs asked.
 */
export function routeTemplates(initial: Iterable<string> = []) {
  const exact = new Map<string, string>()
  let withParams: Template[] = []

  function add(templates: Iterable<string>) {
    for (const template of templates) {
      const segments = segmentsOf(template)
      const wild = segments.filter(isParam).length
      if (wild === 0) exact.set(`/${segments.join('/')}`, template)
      else withParams.push({ template, segments, wild })
    }
    // A splat (`$` last) after every template of fixed length.
    const order = (t: Template) => (t.segments.at(-1) === '$' ? 1000 : 0) + t.wild
    withParams = withParams.toSorted((a, b) => order(a) - order(b))
  }

  function templateOf(pathname: string): string {
    // Most requests: a path written as its template (no empty segment), one lookup.
    const written = exact.get(pathname)
    if (written) return written
    const segments = segmentsOf(pathname)
    const found = exact.get(`/${segments.join('/')}`)
    if (found) return found
    for (const { template, segments: expected } of withParams) {
      const splat = expected.at(-1) === '$'
      if (splat ? segments.length < expected.length : segments.length !== expected.length) continue
      if (expected.every((segment, i) => (segment === '$' && splat) || isParam(segment) || segment === segments[i]))
        return template
    }
    return UNMATCHED
  }

  add(initial)
  return { add, templateOf }
}
