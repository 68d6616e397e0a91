import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { PICTURE_SHAPES } from '@/lib/pictures/shapes'
import { GIF_HTML_POLYGLOT, HTML_PAGE, pictureOf, pngBomb, SVG_WITH_SCRIPT } from '@/test/pictures'

import { MAX_INPUT_PIXELS, PictureError, processPicture, sniffFormat } from './image.server'

const refusal = (bytes: Uint8Array) =>
  processPicture(bytes, PICTURE_SHAPES.covers).then(
    () => 'kept',
    (error: unknown) => (error instanceof PictureError ? error.code : error),
  )

describe('sniffFormat', () => {
  it('names JPEG, PNG, WebP and AVIF by their bytes, and nothing else', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      expect(sniffFormat(await pictureOf(format, { width: 8, height: 8 }))).toBe(format)
    }
    for (const other of [SVG_WITH_SCRIPT, HTML_PAGE, GIF_HTML_POLYGLOT, Buffer.alloc(0), Buffer.from('RIFF')]) {
      expect(sniffFormat(other)).toBeUndefined()
    }
  })
})

describe('processPicture', () => {
  it('keeps each width as WebP cropped to the box, for every accepted format', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const { hash, files } = await processPicture(await pictureOf(format), PICTURE_SHAPES.covers)
      expect(hash).toMatch(/^[\w-]{22}$/)
      expect([...files.keys()]).toEqual([160, 320, 640])
      for (const [width, bytes] of files) {
        const kept = await sharp(bytes).metadata()
        expect([kept.format, kept.width, kept.height]).toEqual(['webp', width, width * 1.5])
      }
    }
  })

  it('keeps no metadata: no camera, no location', async () => {
    const source = await pictureOf('jpeg', { exif: true })
    expect((await sharp(source).metadata()).exif).toBeDefined()
    const { files } = await processPicture(source, PICTURE_SHAPES.avatars)
    for (const bytes of files.values()) {
      const kept = await sharp(bytes).metadata()
      expect([kept.exif, kept.xmp, kept.iptc, kept.icc]).toEqual([undefined, undefined, undefined, undefined])
      expect(bytes.includes('TestCam')).toBe(false)
    }
  })

  it('names the same picture the same way, and another picture otherwise', async () => {
    const a = await processPicture(await pictureOf('png'), PICTURE_SHAPES.covers)
    const b = await processPicture(await pictureOf('png'), PICTURE_SHAPES.covers)
    const c = await processPicture(await pictureOf('png', { red: 20 }), PICTURE_SHAPES.covers)
    expect(a.hash).toBe(b.hash)
    expect(c.hash).not.toBe(a.hash)
  })

  it('refuses what is not a picture we take: SVG, HTML named .png, a GIF polyglot, empty bytes', async () => {
    for (const bytes of [SVG_WITH_SCRIPT, HTML_PAGE, GIF_HTML_POLYGLOT, Buffer.alloc(0)]) {
      expect(await refusal(bytes)).toBe('PICTURE_FORMAT')
    }
  })

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = pngBomb(60_000, 60_000)
    expect(bomb.length).toBeLessThan(10_000)
    expect(60_000 * 60_000).toBeGreaterThan(MAX_INPUT_PIXELS)
    const started = process.memoryUsage().rss
    expect(await refusal(bomb)).toBe('PICTURE_TOO_MANY_PIXELS')
    // Decoding 3.6 billion pixels would take gigabytes; refusing takes nothing.
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024)
  })

  it('refuses a truncated or corrupted picture of an accepted format', async () => {
    const png = await pictureOf('png')
    expect(await refusal(png.subarray(0, 40))).toBe('PICTURE_UNREADABLE')
    const jpeg = await pictureOf('jpeg')
    expect(await refusal(jpeg.subarray(0, jpeg.length / 3))).toBe('PICTURE_UNREADABLE')
  })
})
