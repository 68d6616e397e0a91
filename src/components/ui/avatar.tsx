import { cn } from '@/components/ui/cn'
import { pictureImage } from '@/lib/pictures/shapes'

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return (parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : (parts[0] ?? '?').slice(0, 2)).toUpperCase()
}

const SIZES = { sm: 32, md: 40, lg: 96 } as const

/**
 * A person's picture (their uploaded avatar), or their initials without one.
 * Decorative: the name is always written beside it.
 */
export function Avatar({
  user,
  size = 'sm',
  className,
}: {
  user: { id: string; name: string; avatar?: string | null }
  size?: keyof typeof SIZES
  className?: string
}) {
  const pixels = SIZES[size]
  const box = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary font-semibold text-primary-foreground',
    size === 'lg' ? 'text-2xl' : 'text-xs',
    className,
  )
  if (user.avatar) {
    const { src, srcSet, sizes, width, height } = pictureImage('avatars', user.id, user.avatar, pixels)
    return (
      <img
        alt=""
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        className={cn(box, 'object-cover')}
        style={{ width: pixels, height: pixels }}
      />
    )
  }
  return (
    <span aria-hidden className={box} style={{ width: pixels, height: pixels }}>
      {initials(user.name)}
    </span>
  )
}
