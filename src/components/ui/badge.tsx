import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'

import { cn } from './cn'

const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        outline: 'border border-border',
        muted: 'bg-muted',
        primary: 'bg-primary/10 text-primary',
        solid: 'bg-primary text-primary-foreground',
        danger: 'bg-danger/10 text-danger',
        success: 'bg-success/10 text-success',
        warning: 'bg-warning text-warning-foreground',
      },
    },
    defaultVariants: { tone: 'outline' },
  },
)

/** A small pill: a status, a role, a tag. Its text is already translated; an icon inside is `size-3.5`. */
export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />
}
