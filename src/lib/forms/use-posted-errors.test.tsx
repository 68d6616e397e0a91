// @vitest-environment jsdom
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'

import { paint } from '@/test/hydration'

import type { FormResult } from './form-result'
import { usePostedErrors } from './use-posted-errors'

const posted: FormResult = { status: 400, fields: { code: 'Code is required' } }
let renders = 0

/** The verify page's form as it hydrates the answer to a post: the server's message on its field. */
function AnsweredForm() {
  renders++
  const form = useForm<{ code: string }>({ defaultValues: { code: '' }, errors: usePostedErrors(posted) })
  return (
    <form>
      <input {...form.register('code')} />
      <p role="alert">{form.formState.errors.code?.message}</p>
    </form>
  )
}

describe('usePostedErrors', () => {
  it('is undefined when the post came back without field messages', () => {
    function Probe() {
      return <output>{JSON.stringify(usePostedErrors({ status: 403, message: 'No' }) ?? null)}</output>
    }
    expect(renderToString(<Probe />)).toContain('null')
  })

  it('gives useForm one errors object: hydrating the answer to a post settles (a new object each render looped)', async () => {
    const container = paint(<AnsweredForm />)
    expect(container.querySelector('[role=alert]')!.textContent).toBe('Code is required')
    renders = 0
    // Not in act(): a loop would never let it return. Real time instead, as in the browser.
    const root = hydrateRoot(container, <AnsweredForm />)
    await new Promise((resolve) => setTimeout(resolve, 300))
    root.unmount()
    // Hydration and react-hook-form's own first updates: a handful, not hundreds.
    expect(renders).toBeLessThan(10)
  })
})
