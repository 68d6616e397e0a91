import { getAuthenticatorName } from '@better-auth/passkey'
import { and, desc, eq } from 'drizzle-orm'

import type { PasskeyItem } from '@/lib/auth/passkey-schema'
import type { Database } from '@/server/db/client.server'
import { passkey } from '@/server/db/schema'

/** A user's passkeys, newest first, without their keys. */
export async function listPasskeys(db: Database, userId: string): Promise<PasskeyItem[]> {
  const rows = await db
    .select({
      id: passkey.id,
      name: passkey.name,
      aaguid: passkey.aaguid,
      deviceType: passkey.deviceType,
      createdAt: passkey.createdAt,
      lastUsedAt: passkey.lastUsedAt,
    })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(desc(passkey.createdAt), desc(passkey.id))
  return rows.map((row) => ({
    id: row.id,
    name: row.name || null,
    authenticator: getAuthenticatorName(row.aaguid ?? undefined) ?? null,
    synced: row.deviceType === 'multiDevice',
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }))
}

/** Whether `userId` owns the passkey `id`. */
export async function ownsPasskey(db: Database, userId: string, id: string) {
  const [found] = await db
    .select({ id: passkey.id })
    .from(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
  return !!found
}
