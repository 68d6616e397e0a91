import { useLoaderData } from '@tanstack/react-router'
import { ImageUp } from 'lucide'
import { type DragEvent, useEffect, useId, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { Icon } from '@/components/ui/icon'
import { apiErrorData } from '@/lib/api-error'
import { translate } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { PICTURE_SHAPES, type PictureKind } from '@/lib/pictures/shapes'
import { uploadPicture } from '@/lib/pictures/upload'

/** What the person chose to do with the picture, not yet saved: a new file, its removal, or nothing. */
export type PictureChange = { file: File; preview: string } | 'remove' | undefined

/** The formats the server takes (it decides from the bytes; this only narrows the file picker). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'

const megabytes = (bytes: number) => String(Math.round((bytes / 1024 ** 2) * 10) / 10)

/**
 * A picture to choose (file picker or drag and drop), previewed before it is
 * saved, with the upload's progress and the server's refusal. The parent
 * saves it (`change`) when its form is sent. A file larger than the server's
 * limit is refused here, before a byte is sent; everything else is the
 * server's to judge.
 */
export function PictureField({
  kind,
  current,
  change,
  onChange,
  progress,
  error,
}: {
  kind: PictureKind
  /** The saved picture's URL, or null. */
  current: string | null
  change: PictureChange
  onChange: (change: PictureChange) => void
  /** 0–100 while the file is being sent. */
  progress?: number
  /** The refusal, translated. */
  error?: string
}) {
  const { t } = useTranslation('ui')
  const { maxUploadBytes } = useLoaderData({ from: '__root__' })
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [tooLarge, setTooLarge] = useState(false)

  // The preview's object URL lives as long as the change that made it.
  useEffect(() => {
    const preview = typeof change === 'object' ? change.preview : undefined
    return () => {
      if (preview) URL.revokeObjectURL(preview)
    }
  }, [change])

  const choose = (file: File | undefined) => {
    if (!file) return
    const refused = file.size > maxUploadBytes
    setTooLarge(refused)
    if (!refused) onChange({ file, preview: URL.createObjectURL(file) })
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    choose(event.dataTransfer.files[0])
  }

  const shown = change === 'remove' ? null : typeof change === 'object' ? change.preview : current
  const message = tooLarge ? t('picture.errors.tooLarge', { megabytes: megabytes(maxUploadBytes) }) : error
  const busy = progress !== undefined
  const { aspect } = PICTURE_SHAPES[kind]

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {t(kind === 'covers' ? 'picture.cover' : 'picture.avatar')}
      </span>
      <div
        data-testid="picture-drop-zone"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className="flex items-center gap-4 rounded-md border border-dashed border-border p-3"
        style={dragging ? { borderColor: 'var(--color-primary)' } : undefined}
      >
        <span
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden bg-muted text-muted-foreground',
            kind === 'avatars' ? 'rounded-full' : 'rounded-md',
          )}
          style={{ width: 64, height: 64 * aspect }}
        >
          {shown ? (
            <img
              src={shown}
              alt={typeof change === 'object' ? t('picture.preview') : t('picture.current')}
              className="h-full w-full"
              style={{ objectFit: 'cover' }}
            />
          ) : (
            <Icon node={ImageUp} className="size-5" />
          )}
        </span>
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              hidden
              onChange={(event) => {
                choose(event.target.files?.[0])
                event.target.value = ''
              }}
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={busy}
              aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
              onClick={() => input.current?.click()}
            >
              {shown ? t('picture.replace') : t('picture.choose')}
            </Button>
            {shown ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  setTooLarge(false)
                  onChange(typeof change === 'object' ? undefined : 'remove')
                }}
              >
                {t('picture.remove')}
              </Button>
            ) : null}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('picture.drop')} · {t('picture.hint', { megabytes: megabytes(maxUploadBytes) })}
          </p>
          {busy ? (
            <progress
              max={100}
              value={progress}
              aria-label={t('picture.uploading', { percent: progress })}
              className="w-full"
            />
          ) : null}
          {message ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {message}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/**
 * The state of a PictureField and how its change is saved, for the form that
 * holds it: `save` sends the chosen file to `uploadUrl` (with its progress)
 * or calls `remove`, and answers the new picture's name (null once removed,
 * undefined when nothing changed); on a refusal the field shows why and
 * `save` throws.
 */
export function usePictureEdit<Answer>() {
  const { t } = useTranslation('ui')
  const [change, setChange] = useState<PictureChange>()
  const [progress, setProgress] = useState<number>()
  const [error, setError] = useState<string>()

  async function save(uploadUrl: string, remove: () => Promise<unknown>): Promise<Answer | null | undefined> {
    if (!change) return undefined
    setError(undefined)
    try {
      if (change === 'remove') {
        await remove()
        setChange(undefined)
        return null
      }
      setProgress(0)
      const answer = await uploadPicture<Answer>(uploadUrl, change.file, setProgress)
      setChange(undefined)
      return answer
    } catch (failure) {
      const data = apiErrorData(failure)
      const message = failure instanceof Error ? failure.message : ''
      setError(data ? translate(t, data.key, data.values) : message || t('picture.errors.failed'))
      throw failure
    } finally {
      setProgress(undefined)
    }
  }

  return {
    field: {
      change,
      onChange: (next: PictureChange) => {
        setChange(next)
        setError(undefined)
      },
      progress,
      error,
    },
    changed: change !== undefined,
    save,
  }
}
