import type { api as ApiClient } from './orpc'

let loading: Promise<typeof ApiClient> | undefined

/**
 * The API client (./orpc), imported on first use and then kept: for the code
 * every page loads (the root route's beforeLoad), so that the oRPC client
 * reaches the browser with the first navigation that calls it, not with the
 * first page (which the server rendered with its data).
 */
export function loadApi(): Promise<typeof ApiClient> {
  loading ??= import('./orpc').then((module) => module.api)
  return loading
}
