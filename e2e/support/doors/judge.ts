// What the door walks and the fuzzer hold every answer to.
import type { Outcome } from './expectations'
import type { Answer } from './http'

const root = process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Server internals an answer must never show: a stack trace, SQL, a file path on the server. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack trace', /(?:\n|\\n)\s*at\s+(?:async\s+)?[\w.$<>[\]]+\s+\(|(?:\n|\\n)\s*at\s+(?:file:|node:|\/)/],
  [
    'SQL',
    /failed query|syntax error at or near|violates (?:unique|foreign key|not-null|check) constraint|relation "\w+" does not exist|\bselect\s+(?:"|\*\s+from|count\()|\binsert\s+into\s+"|\bdelete\s+from\s+"|\bupdate\s+"\w+"\s+set\b/i,
  ],
  ['file path', new RegExp(`${root}|node_modules/|file:///|\\.output/server|\\.tsx?:\\d+:\\d+|\\.m?js:\\d+:\\d+`)],
]

/** The kinds of internals `body` shows (empty when none). */
export function leaksIn(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(([name]) => name)
}

/** Whether `location` sends the caller to sign in (`/login?redirect=…`). */
const toSignIn = (location: string | null) => !!location && /^(?:https?:\/\/[^/]+)?\/login\?redirect=/.test(location)

/**
 * Why `answer` does not match `outcome` (undefined when it does). Every answer,
 * whatever the outcome, is below 500 and shows no internals.
 */
export function judge(kind: 'page' | 'api', outcome: Outcome, answer: Answer): string | undefined {
  const { status } = answer
  const location = answer.headers.get('location')
  const why = (expected: string) =>
    `${answer.request}: expected ${expected}, got ${status}${location ? ` → ${location}` : ''} ${answer.body.slice(0, 160).replace(/\s+/g, ' ')}`
  if (status >= 500) return why('an answer below 500')
  const leaks = leaksIn(answer.body)
  if (leaks.length > 0) return why(`no ${leaks.join(', ')} in the body`)
  const redirect = status >= 300 && status < 400
  switch (outcome) {
    case 'ok':
      if (kind === 'page' ? status !== 200 : status === 401 || status === 403)
        return why(kind === 'page' ? '200' : 'neither 401 nor 403')
      return
    case 'signIn':
      if (kind === 'page' ? !(redirect && toSignIn(location)) : status !== 401)
        return why(kind === 'page' ? 'a redirect to /login?redirect=' : '401')
      return
    case 'forbidden':
      return status === 403 ? undefined : why('403')
    case 'notFound':
      return status === 404 ? undefined : why('404')
    case 'redirect':
      return redirect && !toSignIn(location) ? undefined : why('a redirect (not to sign in)')
    case 'any':
      return
  }
}
