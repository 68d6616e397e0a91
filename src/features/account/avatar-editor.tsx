import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { PictureField, usePictureEdit } from '@/components/ui/picture-field'
import { toast } from '@/components/ui/toaster'
import type { SessionUser } from '@/lib/auth/session'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'
import { pictureImage } from '@/lib/pictures/shapes'

/** One's own avatar: chosen, previewed, then saved or removed; the menu and the pages show it at once. */
export function AvatarEditor({ user }: { user: SessionUser }) {
  const { t } = useTranslation('ui')
  const router = useRouter()
  const avatar = usePictureEdit<{ avatar: string }>()
  const save = useMutation({
    mutationFn: () => avatar.save('/api/rest/account/avatar', () => orpc.picture.removeAvatar.call()),
    meta: { errorToast: 'ui:picture.errors.failed', formFields: ['body'] },
    onSuccess: async (saved) => {
      await router.invalidate()
      toast.success(t(saved === null ? 'picture.removed' : 'picture.saved'))
    },
  })

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <PictureField
        kind="avatars"
        current={user.avatar ? pictureImage('avatars', user.id, user.avatar, 64).src : null}
        {...avatar.field}
      />
      {avatar.changed ? (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={save.isPending}>
            {t('picture.save')}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => avatar.field.onChange(undefined)}>
            {t('picture.cancel')}
          </Button>
        </div>
      ) : null}
    </form>
  )
}
