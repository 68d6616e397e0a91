/**
 * `npm run admin:create EMAIL`: makes EMAIL an administrator of the database
 * the server uses (DATABASE_URL; PGlite in ./.data/db when unset). The
 * database is migrated (and, when empty, seeded) first, as a server start
 * would. Production seeds no known admin: this or ADMIN_EMAIL makes the first.
 */
import { env } from '@/lib/env.server'
import { createAdmin, InvalidAdminEmailError } from '@/server/auth/first-admin.server'
import { openDatabase } from '@/server/db/client.server'
import { prepareDatabase } from '@/server/db/index.server'

const [command, email, ...rest] = process.argv.slice(2)
if (command !== 'create' || !email || rest.length > 0) {
  console.error('usage: npm run admin:create EMAIL')
  process.exit(2)
}

let config
try {
  config = env()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const handle = await openDatabase(config.DATABASE_URL, { directUrl: config.DATABASE_DIRECT_URL })
try {
  await prepareDatabase(handle)
  const outcome = await createAdmin(handle.db, email)
  console.log(
    outcome === 'created'
      ? `${email} is an administrator: sign in with this address (a code is sent to it)`
      : `${email}'s account is now an administrator`,
  )
} catch (error) {
  if (!(error instanceof InvalidAdminEmailError)) throw error
  console.error(error.message)
  process.exitCode = 2
} finally {
  await handle.close()
}
