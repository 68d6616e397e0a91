import { Link } from '@tanstack/react-router'

import { Button, buttonVariants } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { FormAlert } from '@/components/ui/form-alert'
import { PostForm } from '@/components/ui/post-form'
import type { FormResult } from '@/lib/forms/form-result'
import { useTranslation } from '@/lib/i18n/react'

import { AuthCard } from './auth-card'

/**
 * The sign-out confirmation as a page (/logout): where the sign-out button
 * leads when it is used before its script runs, or without one; with the
 * script it opens the same question as a dialog (sign-out-button.tsx).
 */
export function SignOutPage({ back, posted }: { back: string; posted?: FormResult }) {
  const { t } = useTranslation(['ui', 'common'])
  return (
    <AuthCard title={t('signOut.title')} description={t('signOut.description')}>
      <PostForm>
        <FormAlert>{posted?.message}</FormAlert>
        <Button type="submit" variant="destructive">
          {t('common:actions.signOut')}
        </Button>
        <Link to={back} className={cn(buttonVariants({ variant: 'secondary' }))}>
          {t('confirm.cancel')}
        </Link>
      </PostForm>
    </AuthCard>
  )
}
