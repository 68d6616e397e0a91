import { and, isNotNull, lt, sql } from 'drizzle-orm'

import { env } from '@/lib/env.server'
import type { Database } from '@/server/db/client.server'
import { auditLog, authBudget, emailOutbox, session, verification, webVital } from '@/server/db/schema'
import { deleteOrphanedPictures } from '@/server/pictures/orphans.server'

/**
 * The scheduled clean-ups: rows (and files) nobody can use any more. Each row clean-up deletes in one
 * statement, so a run cut short leaves nothing half done; the next run finishes it.
 */
export const CLEANUPS = {
  /** Sessions past their expiry: better-auth refuses them already. */
  'cleanup.sessions': (db: Database) => db.delete(session).where(lt(session.expiresAt, sql`now()`)),
  /** Sign-in codes and other verification rows past their expiry (a used one is deleted when used). */
  'cleanup.verifications': (db: Database) => db.delete(verification).where(lt(verification.expiresAt, sql`now()`)),
  /** Sign-in budgets whose window has passed (src/server/auth/budgets.server.ts). */
  'cleanup.sign-in-budgets': (db: Database) => db.delete(authBudget).where(lt(authBudget.expiresAt, Date.now())),
  /** Audit entries older than AUDIT_RETENTION_DAYS. */
  'cleanup.audit': (db: Database) =>
    db
      .delete(auditLog)
      .where(lt(auditLog.createdAt, sql`now() - make_interval(days => ${env().AUDIT_RETENTION_DAYS})`)),
  /** Sent e-mails, a week after they went: the outbox is not an archive. */
  'cleanup.sent-emails': (db: Database) =>
    db
      .delete(emailOutbox)
      .where(and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, sql`now() - interval '7 days'`))),
  /**
   * Picture files no cover or avatar points to, older than an hour (src/server/pictures/orphans.server.ts):
   * not one statement, but each run deletes only what is still an orphan, so a cut-short run is finished by the next.
   */
  'cleanup.orphaned-pictures': (db: Database) => deleteOrphanedPictures(db, env()),
  /** Core Web Vitals past the dashboard's window (24 hours), with a day to spare. */
  'cleanup.web-vitals': (db: Database) =>
    db.delete(webVital).where(lt(webVital.recordedAt, sql`now() - interval '48 hours'`)),
} as const
