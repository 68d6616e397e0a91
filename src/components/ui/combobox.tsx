import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift'
import { Check, ChevronDown, Loader2 } from 'lucide'
import type { ReactNode, SyntheticEvent } from 'react'

import { Icon } from '@/components/ui/icon'

import { cn } from './cn'
import { controlClass, Field } from './field'

/** An entry of the list: an item, the "none" choice, or "show more" (reads the next page). */
type Entry<T> = { kind: 'item'; item: T } | { kind: 'none' } | { kind: 'more' }

interface ComboboxProps<T> {
  label: string
  /** The items found for the current search (pages read so far). */
  items: readonly T[]
  /** The chosen item (null: none). */
  value: T | null
  onChange: (item: T | null) => void
  itemToString: (item: T) => string
  itemKey: (item: T) => string
  /** The content of an item's row (default: its text). */
  renderItem?: (item: T) => ReactNode
  /** Shown inside the input, before the text, when an item is chosen (e.g. its colour). */
  renderValueAdornment?: (item: T) => ReactNode
  /** The text typed, as the user types ('' once a choice is made or abandoned): search with it. */
  onSearchChange: (text: string) => void
  onOpenChange?: (open: boolean) => void
  /** A first entry that clears the choice (e.g. 'No genre'), if given. */
  noneLabel?: string
  /** A last entry reading more items, while there are more. */
  more?: { label: string; loading: boolean; onLoad: () => void }
  /** A line after the entries (loading, failed, nothing found), already translated. */
  status?: string | null
  placeholder?: string
  /** The accessible name of the button that opens the list. */
  toggleLabel: string
  error?: string
  disabled?: boolean
  name?: string
  onBlur?: () => void
}

/** Stops downshift's own handling of an event (we handle it). */
function handled(event: SyntheticEvent) {
  Object.assign(event.nativeEvent, { preventDownshiftDefault: true })
}

/**
 * A combobox (WAI-ARIA 1.2, with downshift's `useCombobox`): an input that
 * filters a listbox, arrows / Enter / Escape / Home / End, the highlighted
 * option announced through aria-activedescendant. The search and the pages
 * are the caller's (e.g. a server query); Escape and leaving the field keep
 * the choice and put its text back.
 */
export function Combobox<T>({
  label,
  items,
  value,
  onChange,
  itemToString,
  itemKey,
  renderItem,
  renderValueAdornment,
  onSearchChange,
  onOpenChange,
  noneLabel,
  more,
  status,
  placeholder,
  toggleLabel,
  error,
  disabled,
  name,
  onBlur,
}: ComboboxProps<T>) {
  const entries: Array<Entry<T>> = [
    ...(noneLabel ? [{ kind: 'none' } as const] : []),
    ...items.map((item) => ({ kind: 'item', item }) as const),
    ...(more ? [{ kind: 'more' } as const] : []),
  ]
  const entryText = (entry: Entry<T> | null) => (entry?.kind === 'item' ? itemToString(entry.item) : '')
  const entryKey = (entry: Entry<T> | null) =>
    entry?.kind === 'item' ? `item:${itemKey(entry.item)}` : String(entry?.kind)

  const types = useCombobox.stateChangeTypes
  const stateReducer = (
    state: UseComboboxState<Entry<T>>,
    { type, changes }: UseComboboxStateChangeOptions<Entry<T>>,
  ) => {
    switch (type) {
      // Escape and blur never change the choice: they close and show its text again.
      case types.InputKeyDownEscape:
      case types.InputBlur:
        return { ...changes, selectedItem: state.selectedItem, inputValue: entryText(state.selectedItem) }
      default:
        return changes
    }
  }

  const combobox = useCombobox<Entry<T>>({
    items: entries,
    selectedItem: value === null ? null : { kind: 'item', item: value },
    itemToString: entryText,
    itemToKey: entryKey,
    defaultHighlightedIndex: 0,
    stateReducer,
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.kind === 'item' ? selectedItem.item : null),
    onInputValueChange: ({ inputValue, type }) => onSearchChange(type === types.InputChange ? (inputValue ?? '') : ''),
    onIsOpenChange: ({ isOpen }) => onOpenChange?.(isOpen ?? false),
  })
  const { isOpen, highlightedIndex } = combobox
  const labelProps = combobox.getLabelProps()
  const inputProps = combobox.getInputProps({
    name,
    disabled,
    placeholder,
    onBlur,
    // "Show more" reads the next page and keeps the list open.
    onKeyDown: (event) => {
      if (event.key === 'Enter' && isOpen && entries[highlightedIndex]?.kind === 'more') {
        event.preventDefault()
        handled(event)
        more?.onLoad()
      }
    },
  })
  const adornment = value !== null && renderValueAdornment ? renderValueAdornment(value) : null

  return (
    <Field label={label} error={error} id={inputProps.id} labelProps={{ id: labelProps.id }}>
      {(control) => (
        <div className="relative">
          {adornment ? (
            <span aria-hidden className="pointer-events-none absolute inset-y-0 start-3 flex items-center">
              {adornment}
            </span>
          ) : null}
          <input
            {...inputProps}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
            className={cn(controlClass, 'pe-10', adornment ? 'ps-8' : 'ps-3')}
          />
          <button
            {...combobox.getToggleButtonProps({ disabled, 'aria-label': toggleLabel })}
            type="button"
            className="absolute inset-y-0 end-1 my-auto inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
          >
            <Icon node={ChevronDown} className="size-4" />
          </button>
          <ul
            {...combobox.getMenuProps()}
            hidden={!isOpen}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border border-border bg-control p-1 shadow-lg"
          >
            {isOpen
              ? entries.map((entry, index) => {
                  const chosen =
                    entry.kind === 'item'
                      ? value !== null && itemKey(entry.item) === itemKey(value)
                      : entry.kind === 'none' && value === null
                  return (
                    <li
                      key={entryKey(entry)}
                      {...combobox.getItemProps({
                        item: entry,
                        index,
                        onClick: (event) => {
                          if (entry.kind !== 'more') return
                          handled(event)
                          more?.onLoad()
                        },
                      })}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm',
                        index === highlightedIndex && 'bg-muted',
                        entry.kind !== 'item' && 'text-muted-foreground',
                      )}
                    >
                      <span className="flex flex-1 items-center gap-2">
                        {entry.kind === 'item' ? (renderItem?.(entry.item) ?? itemToString(entry.item)) : null}
                        {entry.kind === 'none' ? noneLabel : null}
                        {entry.kind === 'more' ? more?.label : null}
                      </span>
                      {entry.kind === 'more' && more?.loading ? (
                        <Icon node={Loader2} className="size-4 animate-spin" />
                      ) : null}
                      {chosen ? <Icon node={Check} className="size-4" /> : null}
                    </li>
                  )
                })
              : null}
            {isOpen && status ? (
              <li role="presentation" className="px-2 py-2 text-sm text-muted-foreground">
                {status}
              </li>
            ) : null}
          </ul>
        </div>
      )}
    </Field>
  )
}
