import type { Database } from './client.server'

/**
 * A query built once per database and kept (`build` ends with drizzle's
 * `.prepare(name)`): its SQL is not rebuilt for every request, and
 * PostgreSQL parses and plans it once per connection (a named statement).
 * For the queries every request runs (the session read, the lists' first page).
 * Through a transaction pooler, the pool sends them unnamed (client.server.ts).
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const queries = new WeakMap<Database, Query>()
  return (db) => {
    let query = queries.get(db)
    if (!query) queries.set(db, (query = build(db)))
    return query
  }
}
