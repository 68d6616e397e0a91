import { Monitor, Smartphone, Tablet } from 'lucide'
import { Fragment, type ReactNode } from 'react'

import { Icon } from '@/components/ui/icon'
import type { Device } from '@/lib/device'
import { useTranslation } from '@/lib/i18n/react'
import { useFormatDate } from '@/lib/use-format-date'

import { cn } from './cn'

const DEVICE_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet }

/** A device in words, the same everywhere: "Firefox 128 on Linux", one of the two, or "Unknown device". */
export function useDeviceName() {
  const { t } = useTranslation('ui')
  return ({ browser, os }: Device) =>
    browser && os ? t('device.named', { browser, os }) : (browser ?? os ?? t('device.unknown'))
}

/** A session's time, never cut across two lines (no 'PM' or 'م' alone on the next one). */
export function useSessionDate() {
  const date = useFormatDate()
  return (value: Date | string) => date(value).replace(/\s/g, '\u00a0')
}

// The separator of a line's parts: it stays with the part before it (a line never starts with it).
const SEPARATOR = '\u00a0· '

/** A list of sessions (a user's own, or a user's seen by an admin): `SessionRow`s. */
export function SessionList({
  label,
  bordered = false,
  children,
}: {
  label: string
  /** In a bordered box (rows padded), rather than inside a card. */
  bordered?: boolean
  children: ReactNode
}) {
  return (
    <ul
      aria-label={label}
      className={cn('flex flex-col divide-y divide-border', bordered && 'rounded-lg border border-border [&>li]:px-4')}
    >
      {children}
    </ul>
  )
}

/**
 * One session: its device (icon by type, name), badges beside the name
 * (this device, impersonated), lines of details (times, address) and an action.
 */
export function SessionRow({
  device,
  badges,
  details,
  action,
  testId,
}: {
  device: Device
  badges?: ReactNode
  /** Lines of details; a line of several parts ('Signed in …', 'Last active …') joins them with a separator. */
  details: Array<ReactNode | string[]>
  action?: ReactNode
  testId?: string
}) {
  const deviceName = useDeviceName()
  return (
    <li data-testid={testId} className="flex flex-wrap items-start gap-3 py-3">
      <Icon
        node={DEVICE_ICONS[device.type]}
        data-device={device.type}
        className="mt-0.5 size-5 shrink-0 text-muted-foreground"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {deviceName(device)}
          {badges}
        </p>
        {details.map((line, index) => (
          <p key={index} className="text-sm text-muted-foreground">
            {Array.isArray(line) ? <Parts parts={line} /> : line}
          </p>
        ))}
      </div>
      {action}
    </li>
  )
}

/**
 * A line's parts, each a box of its own: a line breaks between parts, never inside one that fits
 * on a line, so a label stays beside its value ('Last active …', issue 42). A part wider than the
 * whole line wraps inside its box, at its spaces, or inside a long value (an IPv6 address).
 */
function Parts({ parts }: { parts: string[] }) {
  return parts.map((part, index) => (
    <Fragment key={index}>
      <span data-part className="inline-block max-w-full [overflow-wrap:anywhere]">
        {index < parts.length - 1 ? `${part}${SEPARATOR.trimEnd()}` : part}
      </span>
      {index < parts.length - 1 ? ' ' : null}
    </Fragment>
  ))
}
