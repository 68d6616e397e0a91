import { OTPInput, REGEXP_ONLY_DIGITS } from 'input-otp'
import { type ReactNode, type Ref, useLayoutEffect, useRef } from 'react'

import { cn } from './cn'
import { Field } from './field'
import { useHydrated } from './use-hydrated'

/** A code pasted from the e-mail as it was written ('123 456', '123-456', 'Code: 123456'): its digits. */
const digitsOf = (pasted: string) => pasted.replace(/\D/g, '')

/**
 * Until the script runs (and without one) the boxes cannot follow the input: its own text is
 * shown instead, over the boxes, in a fixed-width font spaced one box apart, so each digit typed
 * lands in its box and the field keeps its final shape from the first paint (issue 42). What is
 * typed is posted with the form (decision 031). The input is a little wider than the boxes, so
 * the caret after the sixth digit never scrolls it.
 */
const beforeScript =
  '[&_[data-input-otp]]:text-foreground! [&_[data-input-otp]]:caret-foreground! [&_[data-input-otp]]:font-mono! [&_[data-input-otp]]:text-lg! [&_[data-input-otp]]:tracking-[calc(var(--otp-box)+var(--otp-gap)-1ch)]! [&_[data-input-otp]]:pl-[calc((var(--otp-box)-1ch)/2)]! [&_[data-input-otp]]:w-[calc(100%+1.5rem)]!'

/**
 * The field for an e-mailed code: one box per digit (`input-otp`, one real,
 * labelled input under them: what assistive technology, the platform's
 * one-time-code autofill and a pasted code all use), digits only, read left
 * to right in every language. The sixth digit (typed, pasted or filled in)
 * submits its form.
 */
export function OtpField({
  label,
  description,
  error,
  length,
  name,
  value,
  onChange,
  onBlur,
  ref,
  autoFocus,
  disabled,
}: {
  label: string
  description?: ReactNode
  /** Already translated. */
  error?: string
  length: number
  name?: string
  value?: string
  onChange?: (value: string) => void
  onBlur?: () => void
  ref?: Ref<HTMLInputElement>
  autoFocus?: boolean
  disabled?: boolean
}) {
  const hydrated = useHydrated()
  // What was typed before the script ran (the page paints first: decision 031) is the field's
  // value from the first render after hydration, digits only, as a paste is. Taken in a layout
  // effect, before any other render: the library's own take-up runs in a passive effect, and a
  // render in between (this field's own once hydrated, for one) wrote the form's empty value
  // over the digits, which a key pressed in that moment then replaced.
  const box = useRef<HTMLDivElement>(null)
  const atMount = useRef({ value, onChange, length })
  useLayoutEffect(() => {
    const { value, onChange, length } = atMount.current
    const input = box.current?.querySelector('input')
    if (!input || !onChange) return
    const typed = digitsOf(input.value).slice(0, length)
    if (input.value !== typed) input.value = typed
    if (typed !== (value ?? '')) onChange(typed)
  }, [])
  return (
    <Field label={label} description={description} error={error}>
      {(control) => (
        // Digits read left to right, in Arabic too.
        <div ref={box} dir="ltr" className="w-fit">
          <OTPInput
            {...control}
            ref={ref}
            name={name}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            autoFocus={autoFocus}
            disabled={disabled}
            maxLength={length}
            pattern={REGEXP_ONLY_DIGITS}
            inputMode="numeric"
            autoComplete="one-time-code"
            pasteTransformer={digitsOf}
            pushPasswordManagerStrategy="none"
            // The look before the script is ours (beforeScript), in the page's colours.
            noScriptCSSFallback={null}
            onComplete={() => {
              // Submitted as the button would: the form's own handler (or, before hydration, nothing: Enter posts it).
              const input = document.getElementById(control.id)
              if (input instanceof HTMLInputElement) input.form?.requestSubmit()
            }}
            dir="ltr"
            // Six boxes fit a 320 px phone in Arabic too (its larger text makes each rem wider).
            containerClassName={cn(
              'flex w-fit [--otp-box:2rem] [--otp-gap:0.375rem] min-[400px]:[--otp-box:2.5rem] min-[400px]:[--otp-gap:0.5rem]',
              !hydrated && beforeScript,
            )}
            render={({ slots }) => (
              <div className="flex gap-(--otp-gap)" aria-hidden>
                {slots.map((slot, index) => (
                  <div
                    key={index}
                    data-slot="otp-box"
                    className={cn(
                      'flex h-12 w-(--otp-box) items-center justify-center rounded-md border border-border bg-control text-lg tabular-nums',
                      slot.isActive && 'border-foreground outline-2 outline-offset-1 outline-foreground/40',
                      error && 'border-danger',
                      disabled && 'opacity-60',
                    )}
                  >
                    {slot.char}
                    {slot.hasFakeCaret ? <span className="h-5 w-px animate-pulse bg-foreground" /> : null}
                  </div>
                ))}
              </div>
            )}
          />
        </div>
      )}
    </Field>
  )
}
