/** A page of a list as the API answers it. */
export interface ListPage<Item> {
  items: Item[]
  nextCursor: string | null
  total?: number | null
}

/**
 * Every page of a list, in order, as a client pages through it from `cursor`
 * (the first page without one). A cursor that goes round would page for ever:
 * more than `most` pages is a failure.
 */
export async function everyPage<Item>(
  fetchPage: (cursor: string | undefined) => Promise<ListPage<Item>>,
  { cursor, most = 5000 }: { cursor?: string; most?: number } = {},
): Promise<Array<ListPage<Item>>> {
  const pages: Array<ListPage<Item>> = []
  do {
    if (pages.length >= most) throw new Error(`more than ${most} pages: the pages never end`)
    const page = await fetchPage(cursor)
    pages.push(page)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return pages
}

/** The ids of every item of `pages`, in order. */
export const idsOf = (pages: Array<ListPage<{ id: string }>>) =>
  pages.flatMap((page) => page.items.map((item) => item.id))
