import { type SQL, sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

// ---- Auth (the tables better-auth reads and writes) -------------------------

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    // The uploaded avatar's content address (src/features/pictures), or null: initials instead.
    avatar: text('avatar'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    // The language of the last sign-in: the e-mails sent with no request of theirs (a ban) speak it.
    language: text('language'),
    // What a search matches: the name and the e-mail lower-cased, one per line
    // (see searchColumnWhere), as book.search. Kept by the database; better-auth
    // reads it with the row but returns only the fields it knows.
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${user.name} || E'\\n' || ${user.email})`),
    ...timestamps,
  },
  (table) => [
    index('user_search_trgm_idx').using('gin', sql`${table.search} gin_trgm_ops`),
    index('user_name_id_idx').on(table.name, table.id),
    // The user list's other order and the matches of its filters (a rare role or a ban: see filteredPageIds).
    index('user_email_id_idx').on(table.email, table.id),
    index('user_role_idx').on(table.role),
    index('user_banned_idx').on(table.banned),
    // A role or a ban without a search: its users in either order, a range of one
    // index wherever they sit in the whole order (issue 27).
    index('user_role_name_id_idx').on(table.role, table.name, table.id),
    index('user_role_email_id_idx').on(table.role, table.email, table.id),
    index('user_banned_name_id_idx').on(table.banned, table.name, table.id),
    index('user_banned_email_id_idx').on(table.banned, table.email, table.id),
    // The dashboard's new sign-ups of the week: a range count.
    index('user_created_at_idx').on(table.createdAt),
  ],
)

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [
    index('session_user_id_idx').on(table.userId),
    // The dashboard's active sessions: a range count.
    index('session_expires_at_idx').on(table.expiresAt),
  ],
)

/**
 * The proof of presence's window per session (decision 035): the session's
 * sign-in opens it, and `usedAt` is the last protected action that kept it
 * open (src/server/auth/proof.server.ts). Goes with its session.
 */
export const sessionProof = pgTable('session_proof', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => session.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
})

/**
 * The kinds of device (browser, system, type; no versions, which change every
 * month) each user has signed in on: a sign-in on another is told by e-mail
 * (src/server/auth/notice-hooks.server.ts). Outlives the sessions.
 */
export const knownDevice = pgTable(
  'known_device',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.device] })],
)

/**
 * Passkeys (better-auth's passkey plugin): a credential's public key, for
 * signing in and proving presence; `lastUsedAt` is ours (set at each sign-in
 * with it, auth.server.ts).
 */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkey_user_id_idx').on(table.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

/**
 * Sign-in budgets (src/server/auth/budgets.server.ts), shared by every app
 * process: per key (budget and subject, e.g. an e-mail or a client address),
 * the times in ms of the requests counted in the current rolling window.
 * A row can go once `expires_at` (its last hit + the window) has passed.
 */
export const authBudget = pgTable(
  'auth_budget',
  {
    key: text('key').primaryKey(),
    hits: bigint('hits', { mode: 'number' }).array().notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('auth_budget_expires_at_idx').on(table.expiresAt)],
)

// ---- Audit trail ----------------------------------------------------------------

/**
 * Every administrative action on users and sessions: who (actor), what
 * (action), whom (target), when and from which address. During an
 * impersonation the actor is the admin behind it and `impersonated_user_id`
 * the person they acted as (written by `recordAudit` only,
 * src/server/auth/audit.server.ts). No foreign keys: the trail outlives the
 * users it names (a deleted user's row stays, with the e-mail in `details`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id'),
    impersonatedUserId: text('impersonated_user_id'),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_target_user_id_created_at_idx').on(table.targetUserId, table.createdAt, table.id),
    index('audit_log_actor_id_idx').on(table.actorId),
  ],
)

// ---- E-mail outbox -------------------------------------------------------------

/**
 * Every e-mail, kept until it is sent (src/server/email/outbox.server.ts).
 * The id is derived from the message's idempotency key and becomes its
 * Message-ID; `claimed_until` is the lease of the one sender trying it, and
 * `attempts` numbers the leases. Once sent, its subject and bodies are erased
 * (a sign-in code is in all three): the row stays a week as the key's proof.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    lastError: text('last_error'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Past it the message is of no use (a code expired): never sent, and deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_outbox_unsent_idx')
      .on(table.createdAt)
      .where(sql`sent_at is null`),
  ],
)

// ---- What browsers feel -------------------------------------------------------

/**
 * Core Web Vitals the pages report (src/features/vitals): one row per measure,
 * by route template and metric, with no user and no address: `client` is a
 * tag of the sender's network that changes every day (client-tag.server.ts),
 * so that the figures weigh each client once. The dashboard reads the last
 * 24 hours; a nightly clean-up deletes older rows (src/server/jobs/cleanup-web-vitals.job.server.ts).
 */
export const webVital = pgTable(
  'web_vital',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    route: text('route').notNull(),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
    // Null for a report without a client address (each such row counts as a client of its own).
    client: text('client'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('web_vital_recorded_at_idx').on(table.recordedAt)],
)

// ---- Catalogue ---------------------------------------------------------------

export const genre = pgTable('genre', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  color: text('color').notNull(),
  ...timestamps,
})

export const book = pgTable(
  'book',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    publisher: text('publisher'),
    genreId: text('genre_id').references(() => genre.id, { onDelete: 'set null' }),
    // The uploaded cover's content address (src/features/pictures), or null: a cover drawn from the title.
    cover: text('cover'),
    // What a search matches: the title and the author lower-cased, one per line
    // (see searchColumnWhere). Kept by the database, never selected.
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${book.title} || E'\\n' || ${book.author})`),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('book_title_author_unique').on(table.title, table.author),
    index('book_genre_id_idx').on(table.genreId),
    // Keyset orders (title or author, then id); the search text and the genre
    // ride along so a filtered page filters index tuples alone (see listBooksQuery).
    index('book_title_id_search_genre_idx').on(table.title, table.id, table.search, table.genreId),
    index('book_author_id_search_genre_idx').on(table.author, table.id, table.search, table.genreId),
    index('book_search_trgm_idx').using('gin', sql`${table.search} gin_trgm_ops`),
    // A genre without a search: its books in either order, a range of one index
    // wherever they sit in the whole catalogue's order (issue 27). The search text
    // rides along for a genre's count with a search: its index tuples filtered alone.
    index('book_genre_title_id_search_idx').on(table.genreId, table.title, table.id, table.search),
    index('book_genre_author_id_idx').on(table.genreId, table.author, table.id),
    // The dashboard's latest books: the first rows of a backward index scan.
    index('book_created_at_id_idx').on(table.createdAt, table.id),
  ],
)

/** PostgreSQL's `bit(n)`: a fixed-length bit string, read and written as text of '0' and '1'. */
const bits = customType<{ data: string; config: { length: number } }>({
  dataType: (config) => `bit(${config?.length ?? 1})`,
})

/**
 * A summary of a list's orders for searches (migrations 0014 and 0018,
 * docs/decisions/041-search-slices.md): each order (by title, by author; by
 * name, by e-mail) cut into slices of consecutive rows, each slice with the
 * three- and four-letter pieces of its rows' search text as bits. A search
 * skips the slices that cannot hold its term. Kept by the database (a trigger
 * on the listed table, a rebuild function), never written by the app.
 */
const searchSlices = (name: string) =>
  pgTable(
    name,
    {
      sort: text('sort').notNull(),
      slice: integer('slice').notNull(),
      // The slice holds the rows after (after_key, after_id) up to the next slice's.
      afterKey: text('after_key').notNull(),
      afterId: text('after_id').notNull(),
      grams: bits('grams', { length: 65536 }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.sort, table.slice] })],
  )

export const bookSearchSlice = searchSlices('book_search_slice')
export const userSearchSlice = searchSlices('user_search_slice')

// ---- Counters ----------------------------------------------------------------

/**
 * The exact number of rows of the large tables (book, user), kept by
 * statement-level triggers of the database itself (migration 0005), so a
 * list's unfiltered total is one primary-key read instead of a `count(*)`
 * over a million rows. Whatever writes (the app, a script, psql) keeps it true.
 */
export const rowCount = pgTable('row_count', {
  tableName: text('table_name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
})

/**
 * A counter of the statements that write a book, a genre or a user: statement-
 * level triggers bump it, whoever writes (migration 0006). It relayed their
 * notice until those tables announced their own keys (migration 0027,
 * docs/decisions/043-forget-by-key.md); it still queues concurrent writers
 * on its one row. Nothing reads its value.
 */
export const changeCounter = pgTable('change_counter', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
})

export type User = typeof user.$inferSelect
export type Genre = typeof genre.$inferSelect
export type Book = typeof book.$inferSelect
