import { and, type AnyColumn, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm'

/** `ILIKE '%term%'` on any of the columns (served by their pg_trgm GIN indexes); the term's wildcards are literal. */
export function searchWhere(searchTerm: string, columns: AnyColumn[]): SQL | undefined {
  const term = searchTerm.trim()
  if (!term) return undefined
  return or(...columns.map((column) => ilike(column, containing(term))))
}

/** The `LIKE` pattern of any text containing `text` (its wildcards literal). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A search term as its SQL reads it: the values (or a prepared query's
 * placeholders) and the shape they fill. The shape alone decides the SQL's
 * text, so a list builds it once per shape (`searchShapeKey`).
 */
export interface SearchTerm<Value = string | Placeholder> {
  /** The term's words of three characters or more (`longWordsOf`). */
  longWords: Value[]
  /** Each long word's `LIKE` pattern. */
  longWordPatterns: Value[]
  /** The whole term's `LIKE` pattern. */
  termPattern: Value
  severalWords: boolean
  spansLines: boolean
}

/** The term's values; undefined for no term. */
export function searchTermOf(searchTerm: string): SearchTerm<string> | undefined {
  const term = searchTerm.trim()
  if (!term) return undefined
  const longWords = longWordsOf(term)
  return {
    longWords,
    longWordPatterns: longWords.map(containing),
    termPattern: containing(term),
    severalWords: term.split(/\s+/).length > 1,
    spansLines: spansLines(term),
  }
}

/**
 * A term for a prepared query: the key of its shape (what decides its SQL:
 * its number of long words, whether it has several words, whether it spans
 * lines), the placeholders of a term of that shape, and their values.
 */
export function preparedSearch(term: SearchTerm<string>) {
  const { longWords, severalWords, spansLines } = term
  const values: Record<string, string> = { searchTerm: term.termPattern }
  longWords.forEach((word, index) => {
    values[`searchWord${index}`] = word
    values[`searchPattern${index}`] = term.longWordPatterns[index]!
  })
  return {
    key: `${longWords.length}${severalWords ? 'w' : ''}${spansLines ? 'n' : ''}`,
    placeholders: (): SearchTerm<Placeholder> => ({
      longWords: longWords.map((_, index) => sql.placeholder(`searchWord${index}`)),
      longWordPatterns: longWords.map((_, index) => sql.placeholder(`searchPattern${index}`)),
      termPattern: sql.placeholder('searchTerm'),
      severalWords,
      spansLines,
    }),
    values,
  }
}

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
export function searchColumnWhere(term: SearchTerm | undefined, searchColumn: AnyColumn, columns: AnyColumn[]) {
  if (!term) return undefined
  const holds = (pattern: unknown) => sql`${searchColumn} like lower(${pattern})`
  const conditions = term.longWordPatterns.map(holds)
  if (conditions.length === 0) conditions.push(holds(term.termPattern))
  else if (term.severalWords) conditions.push(sql`${holds(term.termPattern)} collate "C"`)
  const fieldByField = term.spansLines
    ? or(...columns.map((column) => sql`${column} ilike ${term.termPattern}`))
    : undefined
  return and(...conditions, fieldByField)
}

/** The columns `searchColumnWhere` reads with the same arguments: what a filtered page's walk must carry. */
export const searchColumnReads = (term: SearchTerm<unknown>, searchColumn: AnyColumn, columns: AnyColumn[]) =>
  term.spansLines ? [searchColumn, ...columns] : [searchColumn]

const spansLines = (term: string) => term.includes('\n')

/** The words of a term the trigram index and the search slices' bits can serve: three characters or more. */
const longWordsOf = (term: string) => term.split(/\s+/).filter((word) => word.length >= 3)
