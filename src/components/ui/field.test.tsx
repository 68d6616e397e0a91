// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { Select } from './select'
import { TextField } from './text-field'

afterEach(cleanup)

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

describe('Field', () => {
  it('labels its control, with no description or error to point at', () => {
    render(<TextField label="Title" />)
    const input = screen.getByRole('textbox', { name: 'Title' })
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })

  it('points the control at its description and its error, the error announced', () => {
    render(<TextField label="Until" description="Leave empty for ever" error="Must be in the future" />)
    const input = screen.getByRole('textbox', { name: 'Until' })
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(input)).toEqual(['Leave empty for ever', 'Must be in the future'])
    expect(screen.getByRole('alert').textContent).toBe('Must be in the future')
  })

  it('wires a Select the same way, with its options and their language', () => {
    render(
      <Select
        label="Language"
        description="For this browser"
        defaultValue="fr"
        options={[
          { value: 'en', label: 'English', lang: 'en' },
          { value: 'fr', label: 'Français', lang: 'fr' },
        ]}
      />,
    )
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement
    expect(select.value).toBe('fr')
    expect([...select.options].map((option) => [option.value, option.textContent, option.lang])).toEqual([
      ['en', 'English', 'en'],
      ['fr', 'Français', 'fr'],
    ])
    expect(describedBy(select)).toEqual(['For this browser'])
    expect(select.hasAttribute('aria-invalid')).toBe(false)
  })
})
