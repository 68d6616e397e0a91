/**
 * Draws the app icons (the drawing of public/favicon.svg) as PNG files in
 * public/, with nothing but node:zlib: `npx tsx scripts/generate-icons.ts`.
 * The files are committed; run again only when the drawing changes.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

type Rgba = [number, number, number, number]
const BRAND: Rgba = [0x3b, 0x3f, 0xb5, 255]
const WHITE: Rgba = [255, 255, 255, 255]
const NONE: Rgba = [0, 0, 0, 0]

/** Inside a rounded rectangle (x, y, width, height, radius per corner: tl, tr, br, bl). */
function inRoundedRect(
  px: number,
  py: number,
  x: number,
  y: number,
  w: number,
  h: number,
  r: [number, number, number, number],
) {
  if (px < x || py < y || px > x + w || py > y + h) return false
  const tl: [number, number, number] = [x + r[0], y + r[0], r[0]]
  const tr: [number, number, number] = [x + w - r[1], y + r[1], r[1]]
  const br: [number, number, number] = [x + w - r[2], y + h - r[2], r[2]]
  const bl: [number, number, number] = [x + r[3], y + h - r[3], r[3]]
  const outside = (c: [number, number, number]) => (px - c[0]) ** 2 + (py - c[1]) ** 2 > c[2] ** 2
  if (px < tl[0] && py < tl[1] && outside(tl)) return false
  if (px > tr[0] && py < tr[1] && outside(tr)) return false
  if (px > br[0] && py > br[1] && outside(br)) return false
  if (px < bl[0] && py > bl[1] && outside(bl)) return false
  return true
}

/** Distance from a point to a segment. */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const t = Math.max(
    0,
    Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  )
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)))
}

/**
 * The colour at a point of the 64×64 drawing. `fullBleed`: the background
 * fills the square (maskable and Apple icons, which the platform rounds) and
 * the book shrinks into the maskable safe zone.
 */
function colorAt(x: number, y: number, fullBleed: boolean): Rgba {
  const inBackground = fullBleed || inRoundedRect(x, y, 0, 0, 64, 64, [14, 14, 14, 14])
  if (!inBackground) return NONE
  // The safe zone of a maskable icon is the centred circle of 80% diameter.
  const scale = fullBleed ? 0.8 : 1
  const bx = 32 + (x - 32) / scale
  const by = 32 + (y - 32) / scale
  const lines: Array<[number, number, number, number]> = [
    [26, 22, 40, 22],
    [26, 30, 40, 30],
    [26, 38, 36, 38],
  ]
  if (lines.some(([ax, ay, cx, cy]) => toSegment(bx, by, ax, ay, cx, cy) <= 1.5)) return BRAND
  if (inRoundedRect(bx, by, 18, 16, 28, 32, [0, 8, 0, 8])) return WHITE
  return BRAND
}

function render(size: number, fullBleed: boolean): Buffer {
  const samples = 4
  const rows: Buffer[] = []
  for (let row = 0; row < size; row++) {
    const line = Buffer.alloc(1 + size * 4) // filter byte 0, then RGBA
    for (let col = 0; col < size; col++) {
      let [r, g, b, a] = [0, 0, 0, 0]
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((col + (sx + 0.5) / samples) / size) * 64
          const y = ((row + (sy + 0.5) / samples) / size) * 64
          const c = colorAt(x, y, fullBleed)
          // Premultiplied accumulation, so edges blend with transparency correctly.
          r += c[0] * c[3]
          g += c[1] * c[3]
          b += c[2] * c[3]
          a += c[3]
        }
      }
      const alpha = a / samples ** 2
      const offset = 1 + col * 4
      line[offset] = a ? Math.round(r / a) : 0
      line[offset + 1] = a ? Math.round(g / a) : 0
      line[offset + 2] = a ? Math.round(b / a) : 0
      line[offset + 3] = Math.round(alpha)
    }
    rows.push(line)
  }
  return png(size, size, Buffer.concat(rows))
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

function png(width: number, height: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const out = path.resolve('public')
const icons: Array<[file: string, size: number, fullBleed: boolean]> = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]
for (const [file, size, fullBleed] of icons) {
  fs.writeFileSync(path.join(out, file), render(size, fullBleed))
  console.log(`public/${file} (${size}×${size})`)
}
