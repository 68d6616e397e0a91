// @vitest-environment jsdom
import { cleanup } from '@testing-library/react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { hydrate, paint } from '@/test/hydration'

import { OtpField } from './otp-field'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** The verify page's use of the field: controlled by react-hook-form, the value shown beside it. */
function CodeForm() {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } })
  const code = useWatch({ control: form.control, name: 'code' })
  return (
    <form>
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => <OtpField label="Verification code" length={6} {...field} />}
      />
      <output>{code}</output>
    </form>
  )
}

describe('OtpField before hydration', () => {
  /** Paints the server's HTML, types `typed` into the field as the browser does (no script), then hydrates. */
  async function typeThenHydrate(typed: string) {
    const container = paint(<CodeForm />)
    const input = container.querySelector('input')!
    input.focus()
    input.value = typed
    // Every value React writes into the field from here on.
    const writes = vi.spyOn(HTMLInputElement.prototype, 'value', 'set')
    await hydrate(container, <CodeForm />)
    return { input, output: container.querySelector('output')!, writes: writes.mock.calls.map(([value]) => value) }
  }

  it('keeps the digits typed before hydration: the form has them, and no render writes the empty value over them', async () => {
    const { input, output, writes } = await typeThenHydrate('12')
    expect(input.value).toBe('12')
    expect(output.textContent).toBe('12')
    // A render with the form's empty value in between would have blanked the field (a key pressed then replaced the digits).
    expect(writes).not.toContain('')
  })

  it('keeps only the digits of what was typed (the plain field took letters too)', async () => {
    const { input, output } = await typeThenHydrate('ab12c')
    expect(input.value).toBe('12')
    expect(output.textContent).toBe('12')
  })
})
