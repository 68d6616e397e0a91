import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEMO_MODE_STATUS } from '@/lib/demo/demo-error'
import { parseEnv } from '@/lib/env.server'
import { pictureImage, pictureUrl } from '@/lib/pictures/shapes'
import { book, user } from '@/server/db/schema'
import { deleteOrphanedPictures, ORPHAN_MIN_AGE_MS } from '@/server/pictures/orphans.server'
import { pictureStore } from '@/server/pictures/storage.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { HTML_PAGE, pictureOf, pngBomb, SVG_WITH_SCRIPT } from '@/test/pictures'

/**
 * Covers and avatars through the API, on both stores: a folder, and a real
 * S3 protocol server (s3rver) on a local port, with the AWS SDK talking to it.
 * Each store's files are in `store/` of a folder of its own (`folder`), so
 * that a path that climbs out of the store still lands where the test looks.
 */
function storeFolder(prefix: string) {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix))
  return { folder, store: path.join(folder, 'store') }
}

async function diskSettings() {
  const { folder, store } = storeFolder('uploads-')
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  return { folder, env: { UPLOADS_DIR: store } }
}

async function s3Settings() {
  const { folder, store } = storeFolder('s3rver-')
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: store,
    configureBuckets: [{ name: 'pictures', configs: [] }],
  })
  const { port } = await server.run()
  afterAll(async () => {
    await server.close()
    rmSync(folder, { recursive: true, force: true })
  })
  return {
    folder,
    env: {
      S3_BUCKET: 'pictures',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  }
}

/** Every file and folder under `folder`, with when it last changed: a file written then deleted changes its folder's. */
function tree(folder: string): Record<string, number> {
  const entries: Record<string, number> = { '.': statSync(folder).mtimeMs }
  for (const name of readdirSync(folder, { recursive: true })) {
    entries[String(name)] = statSync(path.join(folder, String(name))).mtimeMs
  }
  return entries
}

describe.each([
  ['a folder', diskSettings],
  ['S3 (s3rver)', s3Settings],
])('pictures kept in %s', (_store, settings) => {
  let api: ApiHarness
  let env: Record<string, string>
  let folder: string

  beforeAll(async () => {
    ;({ env, folder } = await settings())
    api = await createApiHarness({ env })
  })

  const newBook = async () =>
    (await api.client('admin')).book.create({
      title: `Pictured ${Math.random().toString(36).slice(2)}`,
      author: 'Test Author',
    })
  const storedFiles = async (kind: 'covers' | 'avatars', owner: string, hash: string) => {
    const store = await pictureStore(parseEnv({ ...env, NODE_ENV: 'test' }))
    const files = await Promise.all(
      [64, 128, 160, 256, 320, 640].map((width) => store.get(`${kind}/${owner}/${hash}-${width}.webp`)),
    )
    return files.filter(Boolean).length
  }
  const fetchPicture = (caller: 'admin' | 'user' | 'anonymous', url: string) =>
    api.rest(caller, 'GET', url.slice('/api/rest'.length))

  it('sets, shows, replaces and removes a cover; each step leaves only the current files', async () => {
    const created = await newBook()
    const set = await api.rest('admin', 'PUT', `/books/${created.id}/cover`, await pictureOf('png'))
    expect(set.status).toBe(200)
    const { cover } = (await set.json()) as { cover: string }
    expect((await (await api.client('user')).book.get({ id: created.id })).cover).toBe(cover)
    expect(await storedFiles('covers', created.id, cover)).toBe(3)

    // Anyone signed in sees it, as WebP, kept for good by the browser only, and nothing but an image.
    const image = pictureImage('covers', created.id, cover, 150)
    // As the server sends it: through the request pipeline, which sets the headers of every answer.
    const answer = await api.served('user', 'GET', image.src.slice('/api/rest'.length))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/webp')
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="cover-160\.webp"/)
    expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(160)
    expect((await fetchPicture('anonymous', image.src)).status).toBe(401)

    const replaced = await api.rest('admin', 'PUT', `/books/${created.id}/cover`, await pictureOf('jpeg', { red: 10 }))
    const { cover: second } = (await replaced.json()) as { cover: string }
    expect(second).not.toBe(cover)
    expect(await storedFiles('covers', created.id, cover)).toBe(0)
    expect(await storedFiles('covers', created.id, second)).toBe(3)
    expect((await fetchPicture('user', pictureUrl('covers', created.id, cover, 160))).status).toBe(404)

    expect((await api.rest('admin', 'DELETE', `/books/${created.id}/cover`)).status).toBe(200)
    expect((await (await api.client('user')).book.get({ id: created.id })).cover).toBeNull()
    expect(await storedFiles('covers', created.id, second)).toBe(0)
  })

  it('deletes a book with its cover files, and no other book’s', async () => {
    const [a, b] = [await newBook(), await newBook()]
    const picture = await pictureOf('webp')
    const coverOf = async (id: string) =>
      ((await (await api.rest('admin', 'PUT', `/books/${id}/cover`, picture)).json()) as { cover: string }).cover
    const [coverA, coverB] = [await coverOf(a.id), await coverOf(b.id)]
    expect(coverA).toBe(coverB)
    expect((await api.rest('admin', 'DELETE', `/books/${a.id}`)).status).toBe(200)
    expect(await storedFiles('covers', a.id, coverA)).toBe(0)
    expect(await storedFiles('covers', b.id, coverB)).toBe(3)
  })

  it('refuses a user (403) and a signed-out caller (401) a cover, and an unknown book (404), storing nothing', async () => {
    const created = await newBook()
    const picture = await pictureOf('png')
    expect((await api.rest('user', 'PUT', `/books/${created.id}/cover`, picture)).status).toBe(403)
    expect((await api.rest('anonymous', 'PUT', `/books/${created.id}/cover`, picture)).status).toBe(401)
    expect((await api.rest('user', 'DELETE', `/books/${created.id}/cover`)).status).toBe(403)
    const missing = await api.rest('admin', 'PUT', '/books/no-such-book/cover', picture)
    expect(missing.status).toBe(404)
    const [row] = await api.db.select({ cover: book.cover }).from(book).where(eq(book.id, created.id))
    expect(row!.cover).toBeNull()
  })

  it('refuses a book id that is no id (400, translated) before the store is touched: nothing written, even for a moment', async () => {
    const picture = await pictureOf('png')
    const [me] = await api.db.select({ id: user.id }).from(user).where(eq(user.email, 'user@user.com'))
    const before = tree(folder)
    for (const crafted of ['..%2F..%2Fetc', `..%2Favatars%2F${me!.id}`, 'a%2Fb', 'a%5Cb', 'a.b']) {
      for (const method of ['PUT', 'DELETE']) {
        const answer = await api.rest(
          'admin',
          method,
          `/books/${crafted}/cover`,
          method === 'PUT' ? picture : undefined,
        )
        expect(answer.status, `${method} ${crafted}`).toBe(400)
        const body = (await answer.json()) as { message: string; data: { key: string; fields: Record<string, string> } }
        expect(body.message).not.toBe(body.data.key)
        expect(Object.keys(body.data.fields)).toEqual([method === 'PUT' ? 'params.id' : 'id'])
      }
      const read = await api.rest('user', 'GET', `/pictures/covers/${crafted}/AAAAAAAAAAAAAAAAAAAAAA-160.webp`)
      expect(read.status, `GET ${crafted}`).toBe(400)
    }
    expect(tree(folder)).toEqual(before)
  })

  it('refuses what is not a picture with its own message, storing nothing', async () => {
    const created = await newBook()
    const cases = [
      [SVG_WITH_SCRIPT, 'ui:picture.errors.format'],
      [HTML_PAGE, 'ui:picture.errors.format'],
      [pngBomb(), 'ui:picture.errors.tooManyPixels'],
      [(await pictureOf('png')).subarray(0, 60), 'ui:picture.errors.unreadable'],
    ] as const
    for (const [bytes, key] of cases) {
      const answer = await api.rest('admin', 'PUT', `/books/${created.id}/cover`, bytes)
      expect(answer.status).toBe(400)
      const body = (await answer.json()) as { message: string; data: { key: string } }
      expect(body.data.key).toBe(key)
      expect(body.message).not.toBe(key)
    }
    const [row] = await api.db.select({ cover: book.cover }).from(book).where(eq(book.id, created.id))
    expect(row!.cover).toBeNull()
  })

  it('sets and removes one’s own avatar; an account deleted by an admin takes its files with it', async () => {
    const set = await api.rest('user', 'PUT', '/account/avatar', await pictureOf('avif'))
    expect(set.status).toBe(200)
    const { avatar } = (await set.json()) as { avatar: string }
    const [me] = await api.db
      .select({ id: user.id, avatar: user.avatar })
      .from(user)
      .where(eq(user.email, 'user@user.com'))
    expect(me!.avatar).toBe(avatar)
    expect(await storedFiles('avatars', me!.id, avatar)).toBe(3)
    expect((await api.rest('anonymous', 'PUT', '/account/avatar', await pictureOf('png'))).status).toBe(401)
    expect((await api.rest('user', 'DELETE', '/account/avatar')).status).toBe(200)
    expect(await storedFiles('avatars', me!.id, avatar)).toBe(0)

    const email = `pictured-${Math.random().toString(36).slice(2)}@example.com`
    const created = await api.authPost('admin', '/admin/create-user', { email, name: 'Pictured', role: 'user' })
    const id = (created.json as { user: { id: string } }).user.id
    const theirs = await api.rest({ email }, 'PUT', '/account/avatar', await pictureOf('png'))
    const { avatar: theirAvatar } = (await theirs.json()) as { avatar: string }
    expect(await storedFiles('avatars', id, theirAvatar)).toBe(3)
    expect((await api.authPost('admin', '/admin/remove-user', { userId: id })).status).toBe(200)
    expect(await storedFiles('avatars', id, theirAvatar)).toBe(0)
  })

  it('the nightly clean-up deletes the files no row points to, once they are an hour old', async () => {
    const store = await pictureStore(parseEnv({ ...env, NODE_ENV: 'test' }))
    const created = await newBook()
    const set = await api.rest('admin', 'PUT', `/books/${created.id}/cover`, await pictureOf('png'))
    const { cover } = (await set.json()) as { cover: string }
    const { avatar } = (await (await api.rest('user', 'PUT', '/account/avatar', await pictureOf('png'))).json()) as {
      avatar: string
    }
    const userId = (await api.db.select({ id: user.id }).from(user).where(eq(user.email, 'user@user.com')))[0]!.id
    // Left behind: a replaced cover whose delete was cut short, the files of a book gone, half a write.
    const orphans = [
      `covers/${created.id}/AAAAAAAAAAAAAAAAAAAAAA-160.webp`,
      'covers/gone-book/BBBBBBBBBBBBBBBBBBBBBB-320.webp',
      `avatars/${userId}/${avatar}-64.webp.4242.tmp`,
    ]
    for (const key of orphans) await store.put(key, Buffer.from('x'), 'image/webp')
    const kept = async () => {
      const keys: string[] = []
      for (const kind of ['covers/', 'avatars/']) for await (const file of store.list(kind)) keys.push(file.key)
      return keys
    }

    // Young files may be an upload in progress: none goes.
    expect(await deleteOrphanedPictures(api.db, parseEnv({ ...env, NODE_ENV: 'test' }))).toBe(0)
    expect(await kept()).toEqual(expect.arrayContaining(orphans))

    const inTwoHours = Date.now() + 2 * ORPHAN_MIN_AGE_MS
    expect(
      await deleteOrphanedPictures(api.db, parseEnv({ ...env, NODE_ENV: 'test' }), inTwoHours),
    ).toBeGreaterThanOrEqual(orphans.length)
    const left = await kept()
    for (const key of orphans) expect(left).not.toContain(key)
    expect(await storedFiles('covers', created.id, cover)).toBe(3)
    expect(await storedFiles('avatars', userId, avatar)).toBe(3)
  })
})

describe('pictures in demo mode', () => {
  it('refuses uploads and removals', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'demo-uploads-'))
    afterAll(() => rmSync(folder, { recursive: true, force: true }))
    const api = await createApiHarness({ demoMode: true, env: { UPLOADS_DIR: folder } })
    const [any] = await api.db.select({ id: book.id }).from(book).limit(1)
    const picture = await pictureOf('png')
    for (const answer of [
      await api.rest('admin', 'PUT', `/books/${any!.id}/cover`, picture),
      await api.rest('admin', 'DELETE', `/books/${any!.id}/cover`),
      await api.rest('user', 'PUT', '/account/avatar', picture),
    ]) {
      expect(answer.status).toBe(DEMO_MODE_STATUS)
    }
    expect(readdirSync(folder)).toEqual([])
  })
})

describe('pictures and the budgets', () => {
  it('counts each upload in the account’s budget: the 51st picture of a day is refused (429), nothing kept', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'budget-uploads-'))
    afterAll(() => rmSync(folder, { recursive: true, force: true }))
    const api = await createApiHarness({ env: { UPLOADS_DIR: folder, RATE_LIMIT: 'true' } })
    const tiny = await pictureOf('png', { width: 8, height: 8 })
    for (let upload = 0; upload < 50; upload++) {
      expect((await api.rest('user', 'PUT', '/account/avatar', tiny)).status).toBe(200)
    }
    const refused = await api.rest(
      'user',
      'PUT',
      '/account/avatar',
      await pictureOf('png', { width: 8, height: 8, red: 1 }),
    )
    expect(refused.status).toBe(429)
    const [me] = await api.db.select({ avatar: user.avatar }).from(user).where(eq(user.email, 'user@user.com'))
    expect(
      readdirSync(path.join(folder, 'avatars'), { recursive: true }).filter((name) => String(name).endsWith('.webp')),
    ).toHaveLength(3)
    expect(me!.avatar).not.toBeNull()
  }, 60_000)
})
