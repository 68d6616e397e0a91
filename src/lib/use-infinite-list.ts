import type { ClientContext } from '@orpc/client'
import type { ProcedureUtils } from '@orpc/tanstack-query'
import { type InfiniteData, type QueryKey, useInfiniteQuery, type UseInfiniteQueryOptions } from '@tanstack/react-query'

/** The page shape of every list procedure (see pageSchema in ./pagination). */
export interface ListPage<Item> {
  items: Item[]
  nextCursor: string | null
  total: number | null
  totalCapped: boolean
}

/**
 * Infinite-query options for a list procedure (`orpc.book.list`), a page per
 * cursor. Use the same options in the route's loader
 * (`queryClient.ensureInfiniteQueryData(options)`) and in the page
 * (`useInfiniteList(options)`), so the SSR HTML carries the first page.
 */
export function infiniteListOptions<Input extends { cursor?: string }, Item, TError>(
  procedure: ProcedureUtils<ClientContext, Input, ListPage<Item>, TError>,
  input: Omit<Input, 'cursor'>,
) {
  return procedure.infiniteOptions({
    input: (cursor: string | undefined) => ({ ...input, cursor }) as Input,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: ListPage<Item>) => lastPage.nextCursor ?? undefined,
  })
}

/**
 * A list read page by page: the items so far, the total of the first page
 * (the server counts it only once), and the query's state for `DataList`.
 */
export function useInfiniteList<Item, TError>(
  options: UseInfiniteQueryOptions<
    ListPage<Item>,
    TError,
    InfiniteData<ListPage<Item>, string | undefined>,
    QueryKey,
    string | undefined
  >,
) {
  const query = useInfiniteQuery(options)
  const pages = query.data?.pages ?? []
  return {
    items: pages.flatMap((page) => page.items),
    pageCount: pages.length,
    total: pages[0]?.total ?? null,
    totalCapped: pages[0]?.totalCapped ?? false,
    isPending: query.isPending,
    isError: query.isError,
    /** Loading the next page failed (the items so far stay). */
    isNextPageError: query.isFetchNextPageError,
    error: query.error,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  }
}
