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

const handle = await openDatabase(env().DATABASE_URL)
try {
  await handle.exclusive(async (db) => {
    await migrate(db)
    if (command === 'seed') await seed(db)
  })
  console.log(command === 'seed' ? 'database migrated and seeded' : 'database migrated')
} finally {
  await handle.close()
}
