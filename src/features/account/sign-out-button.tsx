import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { authClient } from '@/features/auth/auth-client'

/** Signs out and returns to the login page. */
export function SignOutButton() {
  const { t } = useTranslation()
  const router = useRouter()
  const [failed, setFailed] = useState(false)

  const signOut = async () => {
    setFailed(false)
    const { error } = await authClient.signOut()
    if (error) return setFailed(true)
    await router.invalidate()
    await router.navigate({ to: '/login' })
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={signOut}>
        {t('actions.signOut')}
      </Button>
      <FormAlert>{failed ? t('errors.signOutFailed') : undefined}</FormAlert>
    </>
  )
}
