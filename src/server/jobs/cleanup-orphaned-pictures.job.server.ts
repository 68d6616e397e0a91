import { env } from '@/lib/env.server'
import { deleteOrphanedPictures } from '@/server/pictures/orphans.server'

import { cleanupJob } from './cleanup.server'

/**
 * Picture files no cover or avatar points to, older than an hour (src/server/pictures/orphans.server.ts):
 * not one statement, but each run deletes only what is still an orphan, so a cut-short run is finished by the next.
 */
export default cleanupJob('cleanup.orphaned-pictures', '25 3 * * *', (db) => deleteOrphanedPictures(db, env()))
