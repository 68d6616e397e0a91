import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'

import { createTestDatabase } from '@/test/database'

import { databaseReadiness, readiness } from './health.server'
import { resetDrainingForTests, startDraining } from './shutdown.server'

afterEach(() => resetDrainingForTests())

describe('readiness', () => {
  it('is ready on a migrated database', async () => {
    const database = await createTestDatabase()
    expect(await databaseReadiness(database.db)).toEqual({ status: 'ready' })
  })

  it("is unavailable when the database lacks this build's newest migration", async () => {
    const database = await createTestDatabase()
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    )
    expect(await databaseReadiness(database.db)).toEqual({ status: 'unavailable', reason: 'migrations' })
  })

  it('is unavailable when the database does not answer', async () => {
    const database = await createTestDatabase()
    await database.close()
    expect(await databaseReadiness(database.db)).toEqual({ status: 'unavailable', reason: 'database' })
  })

  it('says draining from the first signal on, whatever the database', async () => {
    startDraining()
    expect(await readiness()).toEqual({ status: 'draining' })
  })
})
