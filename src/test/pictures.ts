import { crc32, deflateSync } from 'node:zlib'

import sharp from 'sharp'

/**
 * Pictures for tests, made on the spot: real images in each accepted format,
 * and the files an attacker sends instead (a script in an SVG, an HTML page
 * named .png, a polyglot, a decompression bomb, a truncated file).
 */
export async function pictureOf(
  format: 'png' | 'jpeg' | 'webp' | 'avif',
  options: { width?: number; height?: number; red?: number; exif?: boolean } = {},
) {
  const { width = 900, height = 1200, red = 200 } = options
  let image = sharp({ create: { width, height, channels: 3, background: { r: red, g: 60, b: 40 } } })
  // A camera's metadata, location included: what a kept picture must not carry.
  if (options.exif)
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model' },
      IFD3: { GPSLatitude: '48/1 51/1 24/1', GPSLatitudeRef: 'N' },
    })
  return image.toFormat(format).toBuffer()
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/** A valid PNG header declaring `width` × `height` pixels, with a few kilobytes of compressed zeros after it. */
export function pngBomb(width = 60_000, height = 60_000) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
)

export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')

/** A GIF (a format we do not take) whose comment is an HTML page. */
export const GIF_HTML_POLYGLOT = Buffer.concat([
  Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'),
  Buffer.from('!\xfe', 'latin1'),
  Buffer.from([HTML_PAGE.length > 255 ? 255 : HTML_PAGE.length]),
  HTML_PAGE.subarray(0, 255),
  Buffer.from('\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1'),
])
