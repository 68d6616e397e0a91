import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import { logger } from '@/server/platform/logger.server'
import { createTestDatabase, type TestDatabase } from '@/test/database'

import { prepareDatabase } from './index.server'

let handle: TestDatabase
beforeAll(async () => {
  handle = await createTestDatabase({ seeded: false })
})
afterAll(() => handle.close())

// The start-up log says what it seeds (issue 42): `demo: true` read as demo mode; it is demo data.
it('logs the seeding of an empty database as demo data, not demo mode', async () => {
  const info = vi.spyOn(logger, 'info')
  await prepareDatabase(handle, { demo: true })
  expect(info).toHaveBeenCalledWith({ demoData: true }, 'empty database: seeding')
  expect(JSON.stringify(info.mock.calls)).not.toContain('"demo"')
  info.mockRestore()
})
