import { lt } from 'drizzle-orm'

import { authBudget } from '@/server/db/schema'

import { cleanupJob } from './cleanup.server'

/** Sign-in budgets whose window has passed (src/server/auth/budgets.server.ts). */
export default cleanupJob('cleanup.sign-in-budgets', '10 3 * * *', (db) =>
  db.delete(authBudget).where(lt(authBudget.expiresAt, Date.now())),
)
