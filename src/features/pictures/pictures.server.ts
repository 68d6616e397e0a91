import { sql } from 'drizzle-orm'
import { z } from 'zod'

import { idSchema, successSchema } from '@/lib/api-schemas'
import type { TranslationKey } from '@/lib/i18n/keys'
import {
  PICTURE_HASH_PATTERN,
  PICTURE_KINDS,
  PICTURE_OWNER_PATTERN,
  PICTURE_SHAPES,
  type PictureKind,
} from '@/lib/pictures/shapes'
import type { ApiContext } from '@/server/api/context.server'
import { authedProcedure, withPermission } from '@/server/api/procedure.server'
import { BUDGETS, budgetStore } from '@/server/auth/budgets.server'
import type { Database } from '@/server/db/client.server'
import { book, user } from '@/server/db/schema'
import { apiError } from '@/server/http/api-errors.server'
import { PictureError, type PictureRefusal, processPicture } from '@/server/pictures/image.server'
import { fileKey, filesOf, pictureStore } from '@/server/pictures/storage.server'

/**
 * An upload counts in the caller's budgets (an account, a client address),
 * like the sign-in requests do: at most 50 pictures a day per account (so at
 * most 50 × MAX_UPLOAD_BYTES read) and 100 per 10 minutes per client address.
 */
async function takeUploadBudgets(context: ApiContext & { user: { id: string } }) {
  if (!context.env.RATE_LIMIT) return
  const budgets = budgetStore(context.db)
  for (const [budget, subject] of [
    [BUDGETS.picturesPerAccount, context.user.id],
    [BUDGETS.picturesPerClient, context.clientIp ?? 'unknown'],
  ] as const) {
    const taken = await budgets.take(budget, subject)
    if (!taken.ok) throw apiError('TOO_MANY_REQUESTS', undefined, { values: { seconds: taken.retryAfterSeconds } })
  }
}

const REFUSAL_KEYS = {
  PICTURE_FORMAT: 'ui:picture.errors.format',
  PICTURE_TOO_MANY_PIXELS: 'ui:picture.errors.tooManyPixels',
  PICTURE_UNREADABLE: 'ui:picture.errors.unreadable',
} as const satisfies Record<PictureRefusal, TranslationKey>

/** The upload's bytes, refused with its own message when they are not a picture we keep. */
async function keptFiles(file: File, kind: PictureKind) {
  try {
    return await processPicture(new Uint8Array(await file.arrayBuffer()), PICTURE_SHAPES[kind])
  } catch (error) {
    if (error instanceof PictureError) throw apiError('BAD_REQUEST', REFUSAL_KEYS[error.code], { field: 'body' })
    throw error
  }
}

/**
 * Keeps a new picture for an owner: the files first, then the row, swapped
 * atomically so that the picture it replaced is known exactly (two uploads at
 * once each delete the one they replaced), then the replaced files. A crash
 * between the steps leaves unreferenced files, never a row without its files.
 */
async function replacePicture(
  context: ApiContext,
  kind: PictureKind,
  owner: string,
  hash: string | null,
  files: Map<number, Buffer> | undefined,
  swap: (db: Database, hash: string | null) => Promise<{ found: boolean; replaced: string | null }>,
) {
  const pictures = await pictureStore(context.env)
  for (const [width, bytes] of files ?? []) await pictures.put(fileKey(kind, owner, hash!, width), bytes, 'image/webp')
  const { found, replaced } = await swap(context.db, hash)
  if (!found) {
    if (hash) await pictures.delete(filesOf(kind, owner, hash))
    throw apiError('NOT_FOUND')
  }
  if (replaced && replaced !== hash) await pictures.delete(filesOf(kind, owner, replaced))
}

/** `UPDATE … SET column = hash`, answering the value it replaced (the row locked while it is read). */
function swapColumn(table: typeof book | typeof user, column: typeof book.cover | typeof user.avatar, id: string) {
  return async (db: Database, hash: string | null) => {
    const result = await db.execute(sql`
      update ${table} as target set ${sql.identifier(column.name)} = ${hash}, updated_at = now()
      from (select ${sql.identifier(column.name)} as replaced from ${table} where id = ${id} for update) as before
      where target.id = ${id}
      returning before.replaced`)
    const [row] = (result as unknown as { rows: Array<{ replaced: string | null }> }).rows
    return { found: row !== undefined, replaced: row?.replaced ?? null }
  }
}

/** An owner's id (a book's, an account's): anything else is refused (400) before a store is asked. */
const ownerSchema = idSchema.regex(PICTURE_OWNER_PATTERN)
const fileSchema = z.instanceof(File, { message: 'ui:picture.errors.format' })
const coverSchema = z.object({ cover: z.string().nullable() })
const avatarSchema = z.object({ avatar: z.string().nullable() })

const setCover = withPermission({ book: ['update'] })
  .route({
    method: 'PUT',
    path: '/books/{id}/cover',
    inputStructure: 'detailed',
    summary: "Set a book's cover",
    description:
      'The body is the picture itself (JPEG, PNG, WebP or AVIF, at most MAX_UPLOAD_BYTES; its type is read from its bytes). It is re-encoded as WebP without metadata; `cover` names it.',
    tags: ['Books'],
  })
  .input(z.object({ params: z.object({ id: ownerSchema }), body: fileSchema }))
  .output(coverSchema)
  .handler(async ({ context, input }) => {
    await takeUploadBudgets(context)
    const { id } = input.params
    const { hash, files } = await keptFiles(input.body, 'covers')
    await replacePicture(context, 'covers', id, hash, files, swapColumn(book, book.cover, id))
    return { cover: hash }
  })

const removeCover = withPermission({ book: ['update'] })
  .route({ method: 'DELETE', path: '/books/{id}/cover', summary: "Remove a book's cover", tags: ['Books'] })
  .input(z.object({ id: ownerSchema }))
  .output(successSchema)
  .handler(async ({ context, input }) => {
    await replacePicture(context, 'covers', input.id, null, undefined, swapColumn(book, book.cover, input.id))
    return { success: true }
  })

const setAvatar = withPermission({ account: ['update'] })
  .route({
    method: 'PUT',
    path: '/account/avatar',
    inputStructure: 'detailed',
    summary: 'Set my avatar',
    description: 'The body is the picture itself, as for a cover; it is cropped square.',
    tags: ['Account'],
  })
  .input(z.object({ body: fileSchema }))
  .output(avatarSchema)
  .handler(async ({ context, input }) => {
    await takeUploadBudgets(context)
    const { hash, files } = await keptFiles(input.body, 'avatars')
    await replacePicture(
      context,
      'avatars',
      context.user.id,
      hash,
      files,
      swapColumn(user, user.avatar, context.user.id),
    )
    return { avatar: hash }
  })

const removeAvatar = withPermission({ account: ['update'] })
  .route({ method: 'DELETE', path: '/account/avatar', summary: 'Remove my avatar', tags: ['Account'] })
  .output(successSchema)
  .handler(async ({ context }) => {
    await replacePicture(
      context,
      'avatars',
      context.user.id,
      null,
      undefined,
      swapColumn(user, user.avatar, context.user.id),
    )
    return { success: true }
  })

const fileNameSchema = z.string().regex(/^[A-Za-z0-9_-]{22}-\d{1,4}\.webp$/)

/**
 * One width of a kept picture, to anyone signed in (the catalogue and its
 * people are not public). Its name is its content, so the browser keeps it
 * for good; it is an image and nothing else (its CSP runs and embeds nothing).
 */
const get = authedProcedure
  .route({
    method: 'GET',
    path: '/pictures/{kind}/{owner}/{file}',
    outputStructure: 'detailed',
    summary: 'A picture (one width)',
    tags: ['Pictures'],
  })
  .input(
    z.object({
      kind: z.enum(PICTURE_KINDS as [PictureKind, ...PictureKind[]]),
      owner: ownerSchema,
      file: fileNameSchema,
    }),
  )
  .output(z.object({ headers: z.record(z.string(), z.string()), body: z.instanceof(File) }))
  .handler(async ({ context, input }) => {
    const [hash, width] = input.file.slice(0, -'.webp'.length).split(/-(?=\d+$)/)
    if (
      !PICTURE_HASH_PATTERN.test(hash!) ||
      !(PICTURE_SHAPES[input.kind].widths as readonly number[]).includes(Number(width))
    )
      throw apiError('NOT_FOUND')
    const bytes = await (await pictureStore(context.env)).get(fileKey(input.kind, input.owner, hash!, Number(width)))
    if (!bytes) throw apiError('NOT_FOUND')
    return {
      headers: {
        'cache-control': 'private, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'; sandbox",
      },
      body: new File([new Uint8Array(bytes)], `${input.kind === 'covers' ? 'cover' : 'avatar'}-${width}.webp`, {
        type: 'image/webp',
      }),
    }
  })

export const pictureRouter = { get, setCover, removeCover, setAvatar, removeAvatar }
