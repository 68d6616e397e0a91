import { randomUUID } from 'node:crypto'

import type { AuditAction } from '@/lib/audit-actions'
import type { Database } from '@/server/db/client.server'
import { auditLog } from '@/server/db/schema'

/**
 * The session an action is done with: its person, and the admin behind it
 * when it is an impersonation (better-auth's `session.impersonatedBy`).
 * Required, so that no writer can leave the impersonation out.
 */
export interface AuditCaller {
  userId: string
  impersonatedBy: string | null | undefined
}

export interface AuditEntry {
  by: AuditCaller
  action: AuditAction
  targetUserId: string | null
  details?: Record<string, unknown>
  ip: string | null
}

/**
 * Writes one row of the audit trail: the only writer of `audit_log`
 * (audit-writers.test.ts fails on any other). The actor is whoever acts: the
 * admin behind an impersonation, who is then recorded as acting as the
 * session's person (`impersonatedUserId`), never the person themselves.
 */
export async function recordAudit(db: Database, { by, action, targetUserId, details = {}, ip }: AuditEntry) {
  await db.insert(auditLog).values({
    id: randomUUID(),
    actorId: by.impersonatedBy ?? by.userId,
    impersonatedUserId: by.impersonatedBy ? by.userId : null,
    action,
    targetUserId,
    details,
    ip,
  })
}
