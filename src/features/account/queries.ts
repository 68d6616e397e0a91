import { orpc } from '@/lib/orpc'

/** The queries of the account page (generated keys: invalidate with `orpc.account.key()` or a procedure's `.key()`). */
export const accountQueries = {
  sessions: () => orpc.account.sessions.queryOptions(),
  passkeys: () => orpc.account.passkeys.queryOptions(),
}
