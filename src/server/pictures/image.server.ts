import { createHash } from 'node:crypto'

import sharp from 'sharp'

/** What an upload may be, decided from its first bytes (never its name or declared type). */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif'

/** Why an upload is not a picture we keep: each has its own translated message. */
export type PictureRefusal = 'PICTURE_FORMAT' | 'PICTURE_TOO_MANY_PIXELS' | 'PICTURE_UNREADABLE'

export class PictureError extends Error {
  constructor(readonly code: PictureRefusal) {
    super(code)
  }
}

/**
 * The format named by the file's signature, or undefined. AVIF is an ISO
 * media file whose `ftyp` box names the `avif` (still) or `avis` (sequence)
 * brand, major or compatible; HEIC and MP4 share the box but not the brand.
 */
export function sniffFormat(bytes: Uint8Array): SourceFormat | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0))
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      const brand = ascii(offset, offset + 4)
      if (brand === 'avif' || brand === 'avis') return 'avif'
    }
  }
  return undefined
}

/** How a kind of picture is kept: its widths (for `srcset`) and the box each is fitted into. */
export interface PictureShape {
  widths: readonly number[]
  /** Height ÷ width of the box the picture fills (covers 3:2 portrait, avatars square). */
  aspect: number
}

/**
 * A decoded picture may hold at most this many pixels (about 40 MP, a
 * 8,000 × 5,000 photograph): sharp reads the size from the header and refuses
 * before it decodes, so a small file that declares a huge image (a
 * decompression bomb) costs nothing.
 */
export const MAX_INPUT_PIXELS = 40_000_000

/** WebP quality of the kept widths: small files, no visible loss at these sizes. */
const WEBP_QUALITY = 78

export interface ProcessedPicture {
  /** The content's address: the same picture gives the same name. */
  hash: string
  /** WebP bytes per width. */
  files: Map<number, Buffer>
}

/**
 * Re-encodes an upload: refuses anything that is not a JPEG, PNG, WebP or
 * AVIF by its bytes, or that holds more than MAX_INPUT_PIXELS; turns it
 * upright (EXIF orientation), crops it to the shape's box and writes WebP at
 * each width, with no metadata (no location, no camera, no comment) and only
 * the first frame of an animation. What is kept is only what sharp wrote, so
 * no byte of the upload (a script in a comment, a polyglot's other half) survives.
 */
export async function processPicture(bytes: Uint8Array, shape: PictureShape): Promise<ProcessedPicture> {
  if (!sniffFormat(bytes)) throw new PictureError('PICTURE_FORMAT')
  const source = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    metadata = await source().metadata()
  } catch (error) {
    throw new PictureError(isPixelLimit(error) ? 'PICTURE_TOO_MANY_PIXELS' : 'PICTURE_UNREADABLE')
  }
  // The decoder sharp picked must agree with the signature: a PNG header on a GIF body is refused.
  if (!['jpeg', 'png', 'webp', 'heif'].includes(metadata.format ?? '')) throw new PictureError('PICTURE_FORMAT')
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS)
    throw new PictureError('PICTURE_TOO_MANY_PIXELS')
  const files = new Map<number, Buffer>()
  try {
    for (const width of shape.widths) {
      const output = await source()
        .rotate()
        .resize({ width, height: Math.round(width * shape.aspect), fit: 'cover', position: 'attention' })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toBuffer()
      files.set(width, output)
    }
  } catch (error) {
    throw new PictureError(isPixelLimit(error) ? 'PICTURE_TOO_MANY_PIXELS' : 'PICTURE_UNREADABLE')
  }
  const largest = files.get(Math.max(...shape.widths))!
  return { hash: createHash('sha256').update(largest).digest('base64url').slice(0, 22), files }
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message)
