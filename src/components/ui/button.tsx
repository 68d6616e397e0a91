import { cva, type VariantProps } from 'class-variance-authority'
import { Loader2 } from 'lucide'
import type { ComponentProps } from 'react'

import { Icon } from '@/components/ui/icon'

import { cn } from './cn'
import { useHydrated } from './use-hydrated'

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-60',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground hover:bg-primary/90',
        secondary: 'border border-border bg-control hover:bg-accent',
        destructive: 'bg-danger text-danger-foreground hover:bg-danger/90',
        ghost: 'hover:bg-accent',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: { md: 'h-10 px-4', sm: 'h-8 px-3', lg: 'h-11 px-6 text-base', icon: 'size-9 p-0' },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

export { buttonVariants }

/**
 * A button. `loading` disables it, marks it busy for assistive technology and
 * shows a spinner before its label (which stays, so its name does not change).
 * A `type="button"` does nothing without its script, so it is disabled until
 * the page has hydrated (`useHydrated`); a submit or reset button works
 * through its form and stays enabled.
 */
export function Button({
  className,
  variant,
  size,
  type = 'button',
  loading = false,
  disabled,
  children,
  'aria-busy': ariaBusy,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { loading?: boolean }) {
  const hydrated = useHydrated()
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled || loading || (type === 'button' && !hydrated)}
      aria-busy={loading || ariaBusy || undefined}
      {...props}
    >
      {loading ? <Icon node={Loader2} data-testid="button-spinner" className="size-4 animate-spin" /> : null}
      {children}
    </button>
  )
}
