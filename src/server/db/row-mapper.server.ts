import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm'

/**
 * drizzle's mapping of a prepared query's rows (`mapResultRow` in
 * drizzle-orm/utils.js), worked out once per query instead of for every
 * column of every row: which decoder reads each column, where its value
 * goes, which table it belongs to. drizzle redoes that per value, with an
 * iterator and an `[index, name]` pair per column (an eighth of the bytes
 * the book list API allocated per request: docs/decisions/047-api-request-cost.md).
 * The result is the same object drizzle builds, `null` for a left-joined
 * table whose columns are all null included.
 *
 * What it relies on (drizzle-orm 0.45, node-postgres and PGlite sessions): a
 * prepared query keeps its selected fields in `fields` (`{ path, field }`,
 * in the SQL's column order), its joins' nullability in
 * `joinsNotNullableMap`, and maps its array rows with `customResultMapper`
 * when one is set. Pinned by `row-mapper.integration.test.ts`; a query
 * without that shape keeps drizzle's own mapping.
 */

interface SelectedField {
  path: string[]
  field: unknown
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown
}

interface PreparedShape {
  fields?: SelectedField[]
  joinsNotNullableMap?: Record<string, boolean>
  customResultMapper?: (rows: unknown[][]) => unknown
}

/** drizzle's choice of decoder for a selected field (`mapResultRow`). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder
  return (field as { sql: { decoder: Decoder } }).sql.decoder
}

/** A function mapping one array row as drizzle's `mapResultRow(fields, row, joinsNotNullableMap)` does. */
function rowMapper(fields: readonly SelectedField[], joinsNotNullableMap?: Record<string, boolean>) {
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    name: path.at(-1)!,
    decoder: decoderOf(field),
    // A column of a joined table, one level down: it decides whether that object is null (drizzle's rule).
    table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
    object: path[0]!,
  }))
  return (row: readonly unknown[]) => {
    const result: Record<string, unknown> = {}
    let nullify: Map<string, string | false> | undefined
    for (let index = 0; index < columns.length; index++) {
      const column = columns[index]!
      let node = result
      // Indexed: an iterator per column of every row is what drizzle's own mapping spent.
      for (let depth = 0; depth < column.parents.length; depth++) {
        const parent = column.parents[depth]!
        if (!(parent in node)) node[parent] = {}
        node = node[parent] as Record<string, unknown>
      }
      const raw = row[index]
      const value = (node[column.name] = raw === null ? null : column.decoder.mapFromDriverValue(raw))
      if (column.table === undefined) continue
      nullify ??= new Map()
      const seen = nullify.get(column.object)
      if (seen === undefined) nullify.set(column.object, value === null ? column.table : false)
      else if (typeof seen === 'string' && seen !== column.table) nullify.set(column.object, false)
    }
    if (nullify)
      for (const [object, table] of nullify)
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[object] = null
    return result
  }
}

/**
 * Gives a drizzle prepared query (`.prepare(name)`) the mapping above;
 * answers whether it could (a query without selected fields, or with a
 * mapper of its own, is left as it is).
 */
export function withRowMapper(query: unknown): boolean {
  const prepared = query as PreparedShape | null
  if (!prepared || !Array.isArray(prepared.fields) || prepared.customResultMapper !== undefined) return false
  if (!prepared.fields.every((field) => Array.isArray(field.path) && field.path.length > 0)) return false
  const map = rowMapper(prepared.fields, prepared.joinsNotNullableMap)
  prepared.customResultMapper = (rows) => rows.map(map)
  return true
}
