import { X } from 'lucide'
import { Dialog } from 'radix-ui'
import { type ComponentProps, createContext, type ReactNode, useContext } from 'react'
import { Drawer } from 'vaul'

import { Icon } from '@/components/ui/icon'
import { useTranslation } from '@/lib/i18n/react'

import { cn } from './cn'
import { useIsDrawer } from './use-media-query'

/**
 * A dialog that is a centred modal (Radix Dialog) above 640px and a bottom
 * drawer (vaul) at a viewport width of 640px or less (docs/product.md#constants:
 * close threshold 0.25, animation 0.5s, both vaul's own values, set here so
 * they stay the product's). Both are Radix dialogs underneath: focus trap,
 * Escape, `role="dialog"` with its title and description.
 *
 *   <ResponsiveDialog open={open} onOpenChange={setOpen}>
 *     <ResponsiveDialogContent>
 *       <ResponsiveDialogHeader>
 *         <ResponsiveDialogTitle>…</ResponsiveDialogTitle>
 *         <ResponsiveDialogDescription>…</ResponsiveDialogDescription>
 *       </ResponsiveDialogHeader>
 *       <ResponsiveDialogBody>…</ResponsiveDialogBody>
 *       <ResponsiveDialogFooter>…</ResponsiveDialogFooter>
 *     </ResponsiveDialogContent>
 *   </ResponsiveDialog>
 */
export const DRAWER_CLOSE_THRESHOLD = 0.25
/** vaul animates its drawer in 0.5s (its TRANSITIONS.DURATION, not an option). */
export const DRAWER_ANIMATION_SECONDS = 0.5

type Mode = 'dialog' | 'drawer'
const ModeContext = createContext<Mode | null>(null)

function useMode(component: string): Mode {
  const mode = useContext(ModeContext)
  if (!mode) throw new Error(`${component} must be used inside <ResponsiveDialog>`)
  return mode
}

export interface ResponsiveDialogProps {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** False: Escape, a click outside and a swipe do not close it (e.g. while a request runs). */
  dismissible?: boolean
  children: ReactNode
}

export function ResponsiveDialog({ dismissible = true, onOpenChange, children, ...props }: ResponsiveDialogProps) {
  const mode: Mode = useIsDrawer() ? 'drawer' : 'dialog'
  const handleOpenChange = (open: boolean) => {
    if (!open && !dismissible) return
    onOpenChange?.(open)
  }
  return (
    <ModeContext.Provider value={mode}>
      {mode === 'drawer' ? (
        <Drawer.Root
          {...props}
          onOpenChange={handleOpenChange}
          dismissible={dismissible}
          closeThreshold={DRAWER_CLOSE_THRESHOLD}
          autoFocus
        >
          {children}
        </Drawer.Root>
      ) : (
        <Dialog.Root {...props} onOpenChange={handleOpenChange}>
          {children}
        </Dialog.Root>
      )}
    </ModeContext.Provider>
  )
}

export function ResponsiveDialogTrigger(props: ComponentProps<typeof Dialog.Trigger>) {
  return useMode('ResponsiveDialogTrigger') === 'drawer' ? <Drawer.Trigger {...props} /> : <Dialog.Trigger {...props} />
}

export function ResponsiveDialogClose(props: ComponentProps<typeof Dialog.Close>) {
  return useMode('ResponsiveDialogClose') === 'drawer' ? <Drawer.Close {...props} /> : <Dialog.Close {...props} />
}

const overlayClass = 'fixed inset-0 z-50 bg-overlay backdrop-blur-[1px]'

export function ResponsiveDialogContent({
  className,
  children,
  showCloseButton = true,
  ...props
}: ComponentProps<typeof Dialog.Content> & { showCloseButton?: boolean }) {
  const { t } = useTranslation('ui')
  if (useMode('ResponsiveDialogContent') === 'drawer') {
    return (
      <Drawer.Portal>
        <Drawer.Overlay className={overlayClass} />
        <Drawer.Content
          data-slot="responsive-dialog-content"
          data-mode="drawer"
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 mt-24 flex max-h-[85dvh] flex-col rounded-t-2xl border-t border-border bg-background text-foreground',
            'pb-[env(safe-area-inset-bottom)] outline-none',
            className,
          )}
          {...props}
        >
          <div aria-hidden className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-muted-foreground/40" />
          {children}
        </Drawer.Content>
      </Drawer.Portal>
    )
  }
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={cn(overlayClass, 'animate-fade-in')} />
      <Dialog.Content
        data-slot="responsive-dialog-content"
        data-mode="dialog"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'animate-dialog-in rounded-xl border border-border bg-background text-foreground shadow-xl outline-none',
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <Dialog.Close
            className="absolute end-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label={t('dialog.close')}
          >
            <Icon node={X} className="size-4" />
          </Dialog.Close>
        ) : null}
      </Dialog.Content>
    </Dialog.Portal>
  )
}

export function ResponsiveDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  const drawer = useMode('ResponsiveDialogHeader') === 'drawer'
  return (
    <div
      className={cn('flex flex-col gap-1.5 p-6 pb-2', drawer ? 'pt-4 text-center' : 'pe-12 text-start', className)}
      {...props}
    />
  )
}

export function ResponsiveDialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('overflow-y-auto px-6 py-2', className)} {...props} />
}

export function ResponsiveDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  const drawer = useMode('ResponsiveDialogFooter') === 'drawer'
  return (
    <div
      className={cn(
        'flex gap-2 p-6 pt-4',
        // Drawer: full-width buttons, the main action on top (nearest the thumb's reach is the bottom one: cancel).
        drawer ? 'flex-col-reverse [&>*]:w-full' : 'flex-row justify-end',
        className,
      )}
      {...props}
    />
  )
}

export function ResponsiveDialogTitle({ className, ...props }: ComponentProps<typeof Dialog.Title>) {
  const Title = useMode('ResponsiveDialogTitle') === 'drawer' ? Drawer.Title : Dialog.Title
  return <Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />
}

export function ResponsiveDialogDescription({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  const Description = useMode('ResponsiveDialogDescription') === 'drawer' ? Drawer.Description : Dialog.Description
  return <Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
