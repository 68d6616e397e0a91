import { and, type AnyColumn, ilike, or, type SQL, sql } from 'drizzle-orm'

/** `ILIKE '%term%'` on any of the columns (served by their pg_trgm GIN indexes); the term's wildcards are literal. */
export function searchWhere(searchTerm: string, columns: AnyColumn[]): SQL | undefined {
  const term = searchTerm.trim()
  if (!term) return undefined
  return or(...columns.map((column) => ilike(column, containing(term))))
}

/** The `LIKE` pattern of any text containing `text` (its wildcards literal). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The same match as `searchWhere(searchTerm, columns)`, served by a search
 * column: the columns lower-cased, one per line, with a pg_trgm GIN index
 * (book.search, user.search). `LIKE` on lower-cased text compares bytes where `ILIKE`
 * lower-cases every row it reads (4× the time of a million-row search).
 *
 * The index scans each word of three characters or more: the trigrams inside
 * words, not those at a word's edge ('  o', ' of', 'er '), which most rows
 * hold (on a million books 'Amber Cartographer of Lamu' takes 3 ms as three
 * words, 21 ms as one pattern). The term as typed then filters the rows that
 * hold every word: the same `LIKE` under the "C" collation, byte for byte as
 * well, which the index (of the column's collation) does not serve, while
 * the planner still estimates it as a pattern. A term with no word that long
 * ('a b c') is the pattern the index scans. A term that spans a line break
 * is also checked field by field, as the column's lines are the fields.
 */
export function searchColumnWhere(searchTerm: string, searchColumn: AnyColumn, columns: AnyColumn[]) {
  const term = searchTerm.trim()
  if (!term) return undefined
  const words = term.split(/\s+/)
  const longWords = longWordsOf(term)
  const holds = (text: string) => sql`${searchColumn} like lower(${containing(text)})`
  const conditions = longWords.map(holds)
  if (longWords.length === 0) conditions.push(holds(term))
  else if (words.length > 1) conditions.push(sql`${holds(term)} collate "C"`)
  return and(...conditions, spansLines(term) ? searchWhere(term, columns) : undefined)
}

/** The columns `searchColumnWhere` reads with the same arguments: what a filtered page's walk must carry. */
export const searchColumnReads = (searchTerm: string, searchColumn: AnyColumn, columns: AnyColumn[]) =>
  spansLines(searchTerm.trim()) ? [searchColumn, ...columns] : [searchColumn]

const spansLines = (term: string) => term.includes('\n')

/** The words of a term the trigram index and the search slices' bits can serve: three characters or more. */
export const longWordsOf = (term: string) => term.split(/\s+/).filter((word) => word.length >= 3)
