import { stripSearchParams } from '@tanstack/react-router'
import { z } from '@/lib/i18n/zod'

/** The account page's drawer states (spec section 2): none, or the change-name drawer. */
export const ACCOUNT_STATES = ['', 'change-name'] as const
export type AccountState = (typeof ACCOUNT_STATES)[number]

/**
 * Search of /app/account and /manager/account: `state` is '' or
 * 'change-name' (anything else reads as ''); `newEmail` carries the address
 * being confirmed through the change-of-e-mail steps (default '').
 */
export const accountSearchSchema = z.object({
  state: z.enum(ACCOUNT_STATES).default('').catch(''),
  newEmail: z.string().max(320).default('').catch(''),
})
export type AccountSearch = z.output<typeof accountSearchSchema>

/** Both account routes: validated search, and defaults kept out of the URL. */
export const accountRouteSearch = {
  validateSearch: accountSearchSchema,
  search: { middlewares: [stripSearchParams<AccountSearch>({ state: '', newEmail: '' })] },
}
