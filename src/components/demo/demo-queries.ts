import { orpc } from '@/lib/orpc'

/** The demo dialog's query: the settings it shows, read once when it first opens. */
export const demoQueries = {
  info: () => ({ ...orpc.demo.info.queryOptions(), staleTime: Infinity }),
}
