// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { hydrate, paint, unmountHydrated } from '@/test/hydration'

import { Button } from './button'
import { ScriptFieldset } from './script-fieldset'
import { useHydrated } from './use-hydrated'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function Probe() {
  return <output>{useHydrated() ? 'hydrated' : 'not yet'}</output>
}

describe('useHydrated', () => {
  it('is false on the server and while hydrating, true once hydrated', async () => {
    const container = paint(<Probe />)
    expect(container.textContent).toBe('not yet')
    await hydrate(container, <Probe />)
    expect(container.textContent).toBe('hydrated')
  })

  it('is true at once for what mounts after hydration', () => {
    render(<Probe />)
    expect(screen.getByRole('status').textContent).toBe('hydrated')
  })
})

describe('Button before and after hydration', () => {
  const ui = (onClick: () => void) => (
    <form>
      <Button onClick={onClick}>Open</Button>
      <Button type="submit">Send</Button>
    </form>
  )

  it('a type=button is painted disabled (it needs its script) and enabled once hydrated; a submit button always works', async () => {
    const onClick = vi.fn()
    const container = paint(ui(onClick))
    const open = () => container.querySelector<HTMLButtonElement>('button[type="button"]')!
    const send = () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!
    expect(open().disabled).toBe(true)
    expect(send().disabled).toBe(false)

    await hydrate(container, ui(onClick))
    expect(open().disabled).toBe(false)
    expect(send().disabled).toBe(false)
    fireEvent.click(open())
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('a disabled or loading button stays disabled once hydrated', async () => {
    const disabled = (
      <div>
        <Button disabled>A</Button>
        <Button loading>B</Button>
      </div>
    )
    const container = paint(disabled)
    await hydrate(container, disabled)
    expect([...container.querySelectorAll('button')].map((button) => button.disabled)).toEqual([true, true])
  })
})

describe('ScriptFieldset', () => {
  it('disables the fields and buttons of a script-only form until hydrated, so nothing is typed or submitted natively', async () => {
    const ui = (
      <form>
        <ScriptFieldset>
          <input name="title" />
          <button type="submit">Create</button>
        </ScriptFieldset>
      </form>
    )
    const container = paint(ui)
    const fieldset = () => container.querySelector('fieldset')!
    expect(fieldset().disabled).toBe(true)
    expect(container.querySelector('input')!.matches(':disabled')).toBe(true)
    expect(container.querySelector('button')!.matches(':disabled')).toBe(true)
    // A disabled field is not in the form's data: a native submission could carry nothing.
    expect([...new FormData(container.querySelector('form')!).keys()]).toEqual([])

    await hydrate(container, ui)
    expect(fieldset().disabled).toBe(false)
    expect(container.querySelector('input')!.matches(':disabled')).toBe(false)
  })

  it('focuses the autofocus field once enabled (the browser skipped it while disabled), unless focus is elsewhere', async () => {
    const ui = (
      <form>
        <ScriptFieldset>
          <input name="title" autoFocus />
        </ScriptFieldset>
      </form>
    )
    let container = paint(ui)
    await hydrate(container, ui)
    expect(document.activeElement).toBe(container.querySelector('input'))
    unmountHydrated()

    container = paint(
      <>
        <a href="#x">elsewhere</a>
        {ui}
      </>,
    )
    container.querySelector('a')!.focus()
    await hydrate(
      container,
      <>
        <a href="#x">elsewhere</a>
        {ui}
      </>,
    )
    expect(document.activeElement).toBe(container.querySelector('a'))
  })
})
