import { cn } from '@/components/ui/cn'
import { initials } from '@/lib/initials'

const SIZES = { sm: 32, md: 40, lg: 96 } as const
/** The kept width each size shows (about twice its CSS pixels, for sharp screens): one of PICTURE_SHAPES.avatars' widths. */
const WIDTHS = { sm: 64, md: 128, lg: 256 } as const

/**
 * Where the API serves an avatar's width: pictureUrl('avatars', …) of
 * src/lib/pictures/shapes.ts, written out so the menu every page shows does
 * not load the shapes of every kind (avatar.test.ts holds the two together).
 */
export const avatarUrl = (owner: string, hash: string, size: keyof typeof SIZES) =>
  `/api/rest/pictures/avatars/${encodeURIComponent(owner)}/${hash}-${WIDTHS[size]}.webp`

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
    return (
      <img
        alt=""
        src={avatarUrl(user.id, user.avatar, size)}
        width={pixels}
        height={pixels}
        loading="lazy"
        decoding="async"
        className={box}
      />
    )
  }
  return (
    <span aria-hidden className={box} style={{ width: pixels, height: pixels }}>
      {initials(user.name)}
    </span>
  )
}
