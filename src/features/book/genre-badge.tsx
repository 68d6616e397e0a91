import type { Genre } from '@/lib/genre-schema'

/** A genre's name with its colour as a dot. */
export function GenreBadge({ genre }: { genre: Genre }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-xs">
      <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: genre.color }} />
      {genre.name}
    </span>
  )
}
