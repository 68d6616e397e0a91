/**
 * What the view of one query shows, decided in one place, as `listState`
 * (./data-list.tsx) does for a paged list. The view matches it with one
 * renderer per state, never with nested ternaries:
 *
 *   const content: Record<QueryState, () => ReactNode> = { pending: …, error: …, default: … }
 *   return content[queryState(query)]()
 */
export type QueryState = 'pending' | 'error' | 'default'

/** Loading (nothing yet), failed (nothing to show), or the data. */
export function queryState(query: { isPending: boolean; isError: boolean }): QueryState {
  if (query.isPending) return 'pending'
  if (query.isError) return 'error'
  return 'default'
}
