import { useMemo } from 'react'

import { cn } from '@/components/ui/cn'
import { parseColor, readableTextColor } from '@/lib/color'
import { pictureImage } from '@/lib/pictures/shapes'

import type { Book } from './schema'

const NO_GENRE_COLOR = '#64748B'

/** The cover's colours: the genre's (slate without one) and black or white text, whichever reads better. */
export function coverColors(color: string | undefined) {
  const background = color && parseColor(color) ? color : NO_GENRE_COLOR
  return { background, foreground: readableTextColor(parseColor(background)!) }
}

/**
 * The book's uploaded cover, or one drawn from the title and the genre's
 * colour (CSS only): a spine on the start side, the title, the author.
 * Decorative: the card around it names the book. An uploaded cover fills the
 * same 2:3 box, with its size given so nothing moves when it arrives; it is
 * fetched when it nears the viewport unless `eager` (the first row of a list,
 * the book page), and at the width the box needs (`displayWidth` CSS pixels).
 * `thumbnailOnPhone`: a drawn cover is a plain spine and colour below the
 * `sm` width (a list's small cover beside the title, which names the book).
 */
export function BookCover({
  book,
  className,
  displayWidth = 160,
  eager = false,
  thumbnailOnPhone = false,
}: {
  book: Pick<Book, 'id' | 'title' | 'author' | 'genre' | 'cover'>
  className?: string
  displayWidth?: number
  eager?: boolean
  thumbnailOnPhone?: boolean
}) {
  const { background, foreground } = useMemo(() => coverColors(book.genre?.color), [book.genre?.color])
  if (book.cover) {
    const { src, srcSet, sizes, width, height } = pictureImage('covers', book.id, book.cover, displayWidth)
    return (
      <img
        alt=""
        data-testid="book-cover"
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('aspect-[2/3] w-full rounded-md bg-muted shadow-sm', className)}
      />
    )
  }
  return (
    <div
      aria-hidden
      data-testid="book-cover"
      className={cn(
        'relative flex aspect-[2/3] flex-col justify-between overflow-hidden rounded-md p-3 ps-5 shadow-sm',
        className,
      )}
      style={{ backgroundColor: background, color: foreground }}
    >
      <span className="absolute inset-y-0 start-0 w-2.5 bg-shade/25" />
      <span className="absolute inset-y-0 start-2.5 w-px bg-sheen/30" />
      <span
        className={cn('line-clamp-4 text-sm leading-snug font-bold break-words', thumbnailOnPhone && 'max-sm:hidden')}
      >
        {book.title}
      </span>
      <span className={cn('line-clamp-2 text-xs', thumbnailOnPhone && 'max-sm:hidden')}>{book.author}</span>
    </div>
  )
}
