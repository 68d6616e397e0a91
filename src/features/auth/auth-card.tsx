import type { ReactNode } from 'react'

import { SignedOutPreferences } from '@/features/preferences'

/** The centred card every sign-in step sits in, under the language and theme choice. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-panel p-4">
      <SignedOutPreferences className="w-full max-w-sm" />
      <section className="w-full max-w-sm rounded-xl border border-border bg-surface p-6 shadow-sm">
        <h1 className="text-xl font-semibold">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
    </main>
  )
}
