import pg from 'pg'

/**
 * What the PostgreSQL global setup hands to the test files (vitest's
 * provide/inject). Absent in the `pglite` project.
 */
interface PostgresTestContext {
  /** The server's maintenance database (TEST_DATABASE_URL), for CREATE/DROP DATABASE. */
  adminUrl: string
  /** This run's throwaway database, migrated and seeded: the template of every test file's database. */
  template: string
  /** Prefix of every database this run creates; teardown drops them all. */
  prefix: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres?: PostgresTestContext
  }
}

/** `postgres://u@h:5432/postgres` with another database name. */
export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Our database names are generated (`test_<hex>…`); refuse anything else in SQL. */
export function quoteDatabase(name: string) {
  if (!/^test_[a-z0-9_]+$/.test(name)) throw new Error(`unexpected test database name: ${name}`)
  return `"${name}"`
}

/** A client of `url` for `fn`, closed after. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Drops the database `prefix` and every `prefix_…` on the server of `adminUrl`. */
export async function dropDatabases(adminUrl: string, prefix: string) {
  await withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = $1 or datname like $2',
      [prefix, `${prefix}\\_%`],
    )
    // Clones first: a template cannot be dropped while it is being cloned.
    for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length)) {
      await client.query(`drop database if exists ${quoteDatabase(datname)} with (force)`)
    }
  })
}
