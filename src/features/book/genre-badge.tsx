import { Badge } from '@/components/ui/badge'
import type { Genre } from '@/lib/genre-schema'

/** A genre's name after a dot of its colour. */
export function GenreName({ genre }: { genre: Genre }) {
  return (
    <>
      <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: genre.color }} />
      {genre.name}
    </>
  )
}

/** A genre's name with its colour as a dot. */
export function GenreBadge({ genre }: { genre: Genre }) {
  return (
    <Badge className="gap-1.5 font-normal">
      <GenreName genre={genre} />
    </Badge>
  )
}
