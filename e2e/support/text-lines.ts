// How a piece of text is laid out in the browser: the lines it wraps into, where a part of it sits.
import type { Locator } from '@playwright/test'

/**
 * The text of each line `element`'s text wraps into, top to bottom (each
 * character placed by its own box, so bidirectional text is measured as shown).
 */
export function textLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: Array<{ top: number; text: string }> = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const box = range.getBoundingClientRect()
        const line = lines.at(-1)
        if (/\s/.test(text[i]!) || box.height === 0) {
          if (line) line.text += ' '
          continue
        }
        if (!line || box.top > line.top + box.height / 2) lines.push({ top: box.top, text: text[i]! })
        else line.text += text[i]
      }
    }
    return lines.map((line) => line.text.replace(/\s+/g, ' ').trim())
  })
}

/**
 * Where `part` of `element`'s text and the character right after it are drawn:
 * the boxes of the part's characters, and the box of the next character.
 */
export function partBoxes(
  element: Locator,
  part: string,
): Promise<{ part: Array<{ left: number; right: number; top: number }>; next: { left: number; right: number } }> {
  return element.evaluate((root, part) => {
    const chars: Array<[Node, number]> = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) chars.push([node, i])
    }
    const text = chars.map(([node, i]) => node.textContent![i]).join('')
    const start = text.indexOf(part)
    if (start < 0) throw new Error(`"${part}" is not in "${text}"`)
    const box = (index: number) => {
      const [node, i] = chars[index]!
      const range = document.createRange()
      range.setStart(node, i)
      range.setEnd(node, i + 1)
      const { left, right, top } = range.getBoundingClientRect()
      return { left, right, top }
    }
    return {
      part: Array.from({ length: part.length }, (_, i) => box(start + i)),
      next: box(start + part.length),
    }
  }, part)
}
