import { type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router'

/** The account page's drawer states (docs/product.md#screens): none, or the change-name drawer. */
const ACCOUNT_STATES = ['', 'change-name'] as const
type AccountState = (typeof ACCOUNT_STATES)[number]

/** The longest address `newEmail` keeps. */
const EMAIL_MAX = 320

export interface AccountSearch {
  state: AccountState
  newEmail: string
}

/**
 * Search of /app/account and /manager/account: `state` is '' or
 * 'change-name' (anything else reads as ''); `newEmail` carries the address
 * being confirmed through the change-of-e-mail steps (default '').
 * A plain function, not a schema: route checks are in every page's entry
 * chunk, which loads no zod (src/lib/search-params.ts).
 */
export function accountSearch(search: { state?: unknown; newEmail?: unknown } & SearchSchemaInput): AccountSearch {
  const { state, newEmail } = search
  return {
    state: ACCOUNT_STATES.find((known) => known === state) ?? '',
    newEmail: typeof newEmail === 'string' && newEmail.length <= EMAIL_MAX ? newEmail : '',
  }
}

/** Both account routes: validated search, and defaults kept out of the URL. */
export const accountRouteSearch = {
  validateSearch: accountSearch,
  search: { middlewares: [stripSearchParams<AccountSearch>({ state: '', newEmail: '' })] },
}
