import { type ClassValue, clsx } from 'clsx'

/*
 * Joins class names and, as tailwind-merge would, drops a Tailwind utility that
 * a later one of the same kind overrides (`cn('px-4', 'px-2')` is `px-2`), so a
 * component's `className` prop wins over its defaults. tailwind-merge knows
 * every Tailwind utility and weighed 8.5 KB gzip on every page; this knows the
 * kinds this app uses (decision 023), and cn.test.ts holds it to
 * tailwind-merge's answer for every pair of classes written in src/.
 */

/** A class's kind, first match wins; a class of no kind listed here is never dropped. */
const KINDS: [RegExp, string][] = [
  [/^(block|inline|inline-block|inline-flex|inline-grid|flex|grid|contents|hidden|table|flow-root)$/, 'display'],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^text-(xs|sm|base|lg|[2-9]?xl)$/, 'font-size'],
  [/^text-(left|center|right|start|end|justify)$/, 'text-align'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^font-/, 'font-family'],
  [/^border(-\d+)?$/, 'border-w'],
  [/^border-([xytrblse])(-\d+)?$/, 'border-w-$1'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  // Tables: how cells share their borders, and the space between them.
  [/^border-(collapse|separate)$/, 'border-collapse'],
  [/^border-spacing(-[xy])?-/, 'border-spacing$1'],
  [/^border-/, 'border-color'],
  [/^outline(-\d+)?$/, 'outline-w'],
  [/^opacity-/, 'opacity'],
  [/^rounded(-(none|xs|sm|md|lg|[2-4]?xl|full))?$/, 'rounded'],
  [/^rounded-([tbse]|[tb][lr]|[se][se])(-|$)/, 'rounded-$1'],
  [/^shadow(-(2xs|xs|sm|md|lg|[2-9]?xl|none|inner))?$/, 'shadow'],
  [/^flex-(row|col)(-reverse)?$/, 'flex-direction'],
  [/^flex-(wrap|nowrap|wrap-reverse)$/, 'flex-wrap'],
  [/^(flex|grow|shrink|basis)-|^(grow|shrink)$/, '$1$2'],
  [/^animate-(spin|ping|pulse|bounce|none)$/, 'animate'],
  [/^(gap|inset|overflow)-([xy])-/, '$1-$2'],
  [/^(p|m)([xytrblse]?)-/, '$1$2'],
  // `start-3` is a class, `start-up` a word: these names are common, so their value is checked too.
  [/^(inset|top|bottom|left|right|start|end)-(\d+(\.\d+)?|\d+\/\d+|px|auto|full|\[.+\])$/, '$1'],
  [/^(min-|max-)?(w|h)-/, '$1$2'],
  [
    /^(size|gap|overflow|z|items|justify|leading|tracking|whitespace|break|line-clamp|grid-cols|bg|transition|backdrop-blur|translate-[xy])-|^(transition|backdrop-blur)$/,
    '$1$2',
  ],
]

/** The kinds a class also overrides besides its own: `p-2` sets `px` and `pt` too. */
const OVERRIDES: Record<string, string[]> = {
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pb', 'pl', 'pr'],
  px: ['ps', 'pe', 'pl', 'pr'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mb', 'ml', 'mr'],
  mx: ['ms', 'me', 'ml', 'mr'],
  my: ['mt', 'mb'],
  inset: ['inset-x', 'inset-y', 'top', 'bottom', 'left', 'right', 'start', 'end'],
  'inset-x': ['left', 'right', 'start', 'end'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  overflow: ['overflow-x', 'overflow-y'],
  'border-w': [
    'border-w-x',
    'border-w-y',
    'border-w-t',
    'border-w-r',
    'border-w-b',
    'border-w-l',
    'border-w-s',
    'border-w-e',
  ],
  'border-w-x': ['border-w-r', 'border-w-l', 'border-w-s', 'border-w-e'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  rounded: ['rounded-t', 'rounded-b', 'rounded-s', 'rounded-e', 'rounded-tl', 'rounded-tr', 'rounded-bl', 'rounded-br'],
  flex: ['grow', 'shrink', 'basis'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
}

/** `hover:-mt-2` → [`hover:`, `mt`]; no kind when the class is of no kind above. */
function kindOf(className: string): [variants: string, kind?: string] {
  // The variants end at the last colon outside brackets (`aria-[current=page]:bg-accent`).
  let depth = 0
  let end = 0
  for (let i = 0; i < className.length; i++) {
    const char = className[i]
    if (char === '[') depth++
    else if (char === ']') depth--
    else if (char === ':' && depth === 0) end = i + 1
  }
  const utility = className.slice(end).replace(/^!?-?|!$/g, '')
  const important = className[end] === '!' || className.endsWith('!') ? '!' : ''
  const variants = className.slice(0, end) + important
  for (const [pattern, kind] of KINDS) {
    const match = pattern.exec(utility)
    if (match) return [variants, kind.replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? '')]
  }
  return [variants]
}

function merge(joined: string): string {
  const classes = joined.split(' ')
  const overridden = new Set<string>()
  const kept: string[] = []
  // From the last class back: a class is kept unless a later one overrides its kind.
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!
    const [variants, kind] = kindOf(className)
    if (kind !== undefined) {
      if (overridden.has(variants + kind)) continue
      for (const other of [kind, ...(OVERRIDES[kind] ?? [])]) overridden.add(variants + other)
    }
    kept.push(className)
  }
  return kept.reverse().join(' ')
}

/** Merged lists by their joined input: a render asks for the same few lists again and again. */
const merged = new Map<string, string>()
const MERGED_MAX = 500

export function cn(...inputs: ClassValue[]) {
  const joined = clsx(inputs)
  let result = merged.get(joined)
  if (result === undefined) {
    if (merged.size >= MERGED_MAX) merged.clear()
    merged.set(joined, (result = merge(joined)))
  }
  return result
}
