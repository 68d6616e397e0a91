import { createLink } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide'
import type { ComponentProps } from 'react'

import { Icon } from '@/components/ui/icon'

import { cn } from './cn'

function BackAnchor({ className, children, ...props }: ComponentProps<'a'>) {
  return (
    <a
      className={cn('inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline', className)}
      {...props}
    >
      {/* The arrow points back in either direction of reading. */}
      <Icon node={ArrowLeft} className="size-4 rtl:-scale-x-100" />
      {children}
    </a>
  )
}

/** "← Back to …": a typed router link to the page a detail page came from. */
export const BackLink = createLink(BackAnchor)
