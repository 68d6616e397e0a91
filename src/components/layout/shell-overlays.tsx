import { useLoaderData } from '@tanstack/react-router'
import { useEffect } from 'react'

import { useTranslation } from '@/lib/i18n/react'

import { EnvironmentBadge } from './environment-badge'
import { setHeadI18n } from './head'
import { NavigationProgress } from './navigation-progress'

/** What every page shows above its content (environment badge, navigation progress). */
export function ShellOverlays() {
  const { environment } = useLoaderData({ from: '__root__' })
  const { i18n } = useTranslation()
  // Page titles computed in the browser follow the language the user switches to.
  useEffect(() => setHeadI18n(i18n), [i18n])
  return (
    <>
      <NavigationProgress />
      {environment ? <EnvironmentBadge environment={environment} /> : null}
    </>
  )
}
