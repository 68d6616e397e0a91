import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { S3Client } from '@aws-sdk/client-s3'

import type { Env } from '@/lib/env.server'
import { PICTURE_SHAPES, type PictureKind } from '@/lib/pictures/shapes'

/**
 * Where pictures are kept: one small interface, two stores. Keys are
 * `<kind>/<owner id>/<name>`; everything of one owner sits under its prefix,
 * so deleting an owner deletes its files and no other's.
 */
export interface PictureStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>
  /** These files (a missing one is no error). */
  delete(keys: string[]): Promise<void>
  /** Every file under `prefix` (a folder: ends with `/`). */
  deletePrefix(prefix: string): Promise<void>
  /** Every file under `prefix`, with when it was last written. */
  list(prefix: string): AsyncIterable<StoredFile>
}

interface StoredFile {
  key: string
  modifiedAt: Date
}

/**
 * A key or a prefix as the server builds them: plain names joined by `/`,
 * none empty or starting with a dot (so no `.` or `..`). The procedures check
 * ids first (400); this stops any other caller from naming a folder it does
 * not own, on disk or on an S3 server that resolves `..` itself.
 */
const KEY_PATTERN = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\/?$/

function checked(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`not a picture key: ${JSON.stringify(key)}`)
  return key
}

/** `store`, refusing any key that is not a plain one before it is used. */
function guarded(store: PictureStore): PictureStore {
  return {
    put: (key, body, contentType) => store.put(checked(key), body, contentType),
    get: (key) => store.get(checked(key)),
    delete: (keys) => store.delete(keys.map(checked)),
    deletePrefix: (prefix) => store.deletePrefix(checked(prefix)),
    list: (prefix) => store.list(checked(prefix)),
  }
}

/** Files under `root` (`./.data/uploads` by default, beside the embedded database). */
function diskStore(root: string): PictureStore {
  const resolved = path.resolve(root)
  // Keys are checked (`guarded`), and a path never leaves the root whatever it is given.
  const fileOf = (key: string) => {
    const file = path.resolve(resolved, key)
    if (!file.startsWith(resolved + path.sep)) throw new Error(`picture key outside the store: ${key}`)
    return file
  }
  return {
    async put(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside, then renamed: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`
      await writeFile(temporary, body)
      await rename(temporary, file)
    },
    async get(key) {
      try {
        return await readFile(fileOf(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })))
    },
    async deletePrefix(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true })
    },
    async *list(prefix) {
      let names: string[]
      try {
        names = await readdir(fileOf(prefix), { recursive: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw error
      }
      for (const name of names) {
        const key = `${prefix}${name.split(path.sep).join('/')}`
        const found = await stat(fileOf(key)).catch(() => undefined)
        if (found?.isFile()) yield { key, modifiedAt: found.mtime }
      }
    },
  }
}

interface S3Settings {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

/** Any S3-compatible store (AWS, MinIO, R2…). The SDK is loaded only when S3 is configured. */
async function s3Store(settings: S3Settings): Promise<PictureStore> {
  const { S3Client, PutObjectCommand, GetObjectCommand, ListObjectsV2Command, DeleteObjectsCommand } =
    await import('@aws-sdk/client-s3')
  const client: S3Client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  })
  const Bucket = settings.bucket
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }))
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return Buffer.from(await answer.Body!.transformToByteArray())
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined
        throw error
      }
    },
    async delete(keys) {
      if (keys.length > 0)
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }))
    },
    async deletePrefix(prefix) {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }))
        if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }))
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }))
        for (const object of page.Contents ?? []) yield { key: object.Key!, modifiedAt: object.LastModified! }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
  }
}

let store: { key: string; value: Promise<PictureStore> } | undefined

/** The process's store: S3 when S3_BUCKET is set, else the uploads folder. */
export function pictureStore(env: Env): Promise<PictureStore> {
  const key = JSON.stringify([env.S3_BUCKET, env.S3_ENDPOINT, env.S3_REGION, env.UPLOADS_DIR])
  if (store?.key !== key) {
    const value = (
      env.S3_BUCKET
        ? s3Store({
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          })
        : Promise.resolve(diskStore(env.UPLOADS_DIR))
    ).then(guarded)
    store = { key, value }
  }
  return store.value
}

export const fileKey = (kind: PictureKind, owner: string, hash: string, width: number) =>
  `${kind}/${owner}/${hash}-${width}.webp`

/** The files of one picture, every width. */
export const filesOf = (kind: PictureKind, owner: string, hash: string) =>
  PICTURE_SHAPES[kind].widths.map((width) => fileKey(kind, owner, hash, width))

/** Every file of an owner's pictures of a kind: after its book or its account is deleted. */
export async function deletePicturesOf(env: Env, kind: PictureKind, owner: string) {
  await (await pictureStore(env)).deletePrefix(`${kind}/${owner}/`)
}
