import { randomUUID } from 'node:crypto'

import { sql } from 'drizzle-orm'
import { z } from 'zod'

import type { Database } from '@/server/db/index.server'
import { user } from '@/server/db/schema'

/**
 * The first administrator of a deployment (production seeds no known admin):
 * ADMIN_EMAIL's account is created as an admin, or `npm run admin:create EMAIL`
 * makes an address one.
 */

/**
 * The role of a new account: admin for ADMIN_EMAIL (exactly, case aside: a
 * `+tag` is another mailbox to the provider) and only once its owner proved
 * the address, so a provider's unverified e-mail claim gains nothing.
 */
export function withFirstAdminRole<Account extends { email?: unknown; emailVerified?: unknown; role?: unknown }>(
  account: Account,
  adminEmail: string | undefined,
): Account {
  if (!adminEmail || account.emailVerified !== true || typeof account.email !== 'string') return account
  return account.email.trim().toLowerCase() === adminEmail ? { ...account, role: 'admin' } : account
}

const emailSchema = z.email().transform((value) => value.toLowerCase())

export class InvalidAdminEmailError extends Error {
  constructor(value: string) {
    super(`Not an e-mail address: ${JSON.stringify(value)}`)
    this.name = 'InvalidAdminEmailError'
  }
}

/**
 * Makes `email` an administrator: an existing account is promoted, else one
 * is created, unverified and not onboarded: its owner signs in with a code
 * sent to the address and chooses a name, as at any first sign-in.
 */
export async function createAdmin(db: Database, email: string): Promise<'created' | 'promoted'> {
  const parsed = emailSchema.safeParse(email.trim())
  if (!parsed.success) throw new InvalidAdminEmailError(email)
  const [row] = await db
    .insert(user)
    .values({ id: randomUUID(), email: parsed.data, name: '', role: 'admin', emailVerified: false })
    .onConflictDoUpdate({ target: user.email, set: { role: 'admin', updatedAt: new Date() } })
    .returning({ id: user.id, created: sql<boolean>`(xmax = 0)` })
  return row?.created ? 'created' : 'promoted'
}
