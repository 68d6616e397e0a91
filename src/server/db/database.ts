import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

import type * as schema from './schema.ts'

/** The app's database as drizzle types it, whichever driver opened it (PGlite, node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
