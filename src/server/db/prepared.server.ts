import type { Database } from './client.server'
import { withRowMapper } from './row-mapper.server'

/**
 * A query built once per database and kept (`build` ends with drizzle's
 * `.prepare(name)`): its SQL is not rebuilt for every request, and
 * PostgreSQL parses and plans it once per connection (a named statement).
 * For the queries every request runs (the session read, the lists' pages).
 * Through a transaction pooler, the pool sends them unnamed (client.server.ts).
 * Its rows are mapped by a mapping worked out once (`withRowMapper`).
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const queries = new WeakMap<Database, Query>()
  return (db) => {
    let query = queries.get(db)
    if (!query) queries.set(db, (query = mapped(build(db))))
    return query
  }
}

/**
 * The same per shape: a list's query whose text depends only on a few
 * choices (a search's number of words, a filter or not, a cursor or not),
 * built once for each `shape` met, its values given as placeholders.
 * `build` names its statement after the shape (a name is one text).
 */
export function preparedPerShape<Shape, Query>(
  build: (db: Database, shape: Shape, key: string) => Query,
): (db: Database, key: string, shape: Shape) => Query {
  const queries = new WeakMap<Database, Map<string, Query>>()
  return (db, key, shape) => {
    let ofDatabase = queries.get(db)
    if (!ofDatabase) queries.set(db, (ofDatabase = new Map()))
    let query = ofDatabase.get(key)
    if (!query) ofDatabase.set(key, (query = mapped(build(db, shape, key))))
    return query
  }
}

/** The query, its rows mapped by `withRowMapper` when it has the shape it relies on. */
function mapped<Query>(query: Query): Query {
  withRowMapper(query)
  return query
}
