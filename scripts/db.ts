/**
 * `npm run db:migrate` and `npm run db:seed`: the same code the server runs
 * at start-up, on the database given by DATABASE_URL (PGlite in ./.data/db
 * when unset). Seeding is idempotent.
 */
import { env } from '@/lib/env.server'
import { openDatabase } from '@/server/db/client.server'
import { migrate } from '@/server/db/migrate.server'
import { seed } from '@/server/db/seed.server'

const command = process.argv[2]
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx scripts/db.ts migrate|seed')
  process.exit(2)
}

const config = env()
const handle = await openDatabase(config.DATABASE_URL, { directUrl: config.DATABASE_DIRECT_URL })
try {
  await handle.exclusive(async (db) => {
    await migrate(db)
    // Demo data only where SEED_DEMO_DATA allows it (not in production by default).
    if (command === 'seed') await seed(db, { demo: config.SEED_DEMO_DATA })
  })
  console.log(command === 'seed' ? 'database migrated and seeded' : 'database migrated')
} finally {
  await handle.close()
}
