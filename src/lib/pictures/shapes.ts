/**
 * The kinds of picture, isomorphic: how each is kept (widths, box) and where
 * the browser finds it. A picture is named by its content address, so a
 * name never changes meaning and is cached for good.
 */
export const PICTURE_SHAPES = {
  // Covers fill a 2:3 portrait box: list cards (about 150 px wide), the book page (up to 320 px).
  covers: { widths: [160, 320, 640], aspect: 1.5 },
  // Avatars are square: the menu (32 px), the user pages (up to 96 px).
  avatars: { widths: [64, 128, 256], aspect: 1 },
} as const

export type PictureKind = keyof typeof PICTURE_SHAPES

export const PICTURE_KINDS = Object.keys(PICTURE_SHAPES) as PictureKind[]

/** A content address: 22 base64url characters (132 bits of SHA-256). */
export const PICTURE_HASH_PATTERN = /^[A-Za-z0-9_-]{22}$/

/**
 * The id of a picture's owner (a book, an account) as its folder's name: the
 * ids the app makes (UUIDs, better-auth's) and nothing that could name
 * another folder (`/`, `.`, `..`). Checked before any store is asked.
 */
export const PICTURE_OWNER_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

/** Where the API serves one width of a picture. */
export function pictureUrl(kind: PictureKind, owner: string, hash: string, width: number) {
  return `/api/rest/pictures/${kind}/${encodeURIComponent(owner)}/${hash}-${width}.webp`
}

/** `src`, `srcSet` and the intrinsic size of an `<img>` of this picture, for a box `displayWidth` CSS pixels wide. */
export function pictureImage(kind: PictureKind, owner: string, hash: string, displayWidth: number) {
  const { widths, aspect } = PICTURE_SHAPES[kind]
  const fallback = widths.find((width) => width >= displayWidth) ?? widths.at(-1)!
  return {
    src: pictureUrl(kind, owner, hash, fallback),
    srcSet: widths.map((width) => `${pictureUrl(kind, owner, hash, width)} ${width}w`).join(', '),
    sizes: `${displayWidth}px`,
    width: displayWidth,
    height: Math.round(displayWidth * aspect),
  }
}
