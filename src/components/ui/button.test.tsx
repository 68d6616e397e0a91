// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { Button } from './button'

afterEach(cleanup)

describe('Button', () => {
  it('is an enabled, not busy button without a spinner by default', () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Save</Button>)
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.getAttribute('type')).toBe('button')
    expect(button.hasAttribute('disabled')).toBe(false)
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(screen.queryByTestId('button-spinner')).toBeNull()
    fireEvent.click(button)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('while loading: disabled, busy, a spinner, and the same accessible name', () => {
    const onClick = vi.fn()
    render(
      <Button type="submit" loading onClick={onClick}>
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByTestId('button-spinner').getAttribute('aria-hidden')).toBe('true')
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })
})
