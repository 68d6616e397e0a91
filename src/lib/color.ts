/**
 * Just enough CSS colour parsing to pick a readable text colour for a
 * configured background (the environment badge's ENV_COLOR): hex, rgb(),
 * hsl() and the CSS named colours. Alpha is ignored.
 */
export type Rgb = readonly [red: number, green: number, blue: number]

// The 148 CSS named colours (CSS Color Module Level 4), name and hex.
const NAMED = `aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc
bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887
cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc
crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9
darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00
darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b
darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493
deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0
forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520
gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 indianred cd5c5c
indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00
lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2
lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a
lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de
lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000
mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371
mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585
midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080
oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6
palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5
peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080
rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 saddlebrown 8b4513 salmon fa8072
sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d silver c0c0c0 skyblue 87ceeb
slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa springgreen 00ff7f steelblue 4682b4
tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3
white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32`

let named: Map<string, string> | undefined
export function namedColors(): Map<string, string> {
  if (!named) {
    const words = NAMED.split(/\s+/)
    named = new Map()
    for (let i = 0; i < words.length; i += 2) named.set(words[i]!, words[i + 1]!)
  }
  return named
}

function fromHex(hex: string): Rgb | undefined {
  if (!/^[0-9a-f]+$/i.test(hex) || ![3, 4, 6, 8].includes(hex.length)) return undefined
  const digits = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb
}

/** `50%` of `scale`, or a plain number; NaN when neither. */
function component(value: string, scale: number): number {
  const number = Number(value.endsWith('%') ? value.slice(0, -1) : value)
  if (value.trim() === '' || Number.isNaN(number)) return NaN
  return value.endsWith('%') ? (number / 100) * scale : number
}

function functionArgs(text: string, names: string[]): string[] | undefined {
  const match = /^([a-z]+)\((.*)\)$/.exec(text)
  if (!match || !names.includes(match[1]!)) return undefined
  // `rgb(1, 2, 3)`, `rgb(1 2 3)`, `rgb(1 2 3 / 50%)`: the alpha is dropped.
  const args = match[2]!
    .split('/')[0]!
    .split(/[\s,]+/)
    .filter(Boolean)
  return args.length === 3 || args.length === 4 ? args.slice(0, 3) : undefined
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const hue = ((h % 360) + 360) % 360
  const sat = Math.min(Math.max(s, 0), 1)
  const light = Math.min(Math.max(l, 0), 1)
  const a = sat * Math.min(light, 1 - light)
  const f = (n: number) => {
    const k = (n + hue / 30) % 12
    return Math.round((light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255)
  }
  return [f(0), f(8), f(4)]
}

/** The colour as 0–255 channels, or undefined when it is not one this module reads. */
export function parseColor(input: string): Rgb | undefined {
  const text = input.trim().toLowerCase()
  if (text.startsWith('#')) return fromHex(text.slice(1))
  const hex = namedColors().get(text)
  if (hex) return fromHex(hex)
  const rgb = functionArgs(text, ['rgb', 'rgba'])
  if (rgb) {
    const channels = rgb.map((value) => component(value, 255))
    if (channels.some((value) => Number.isNaN(value))) return undefined
    return channels.map((value) => Math.round(Math.min(Math.max(value, 0), 255))) as unknown as Rgb
  }
  const hsl = functionArgs(text, ['hsl', 'hsla'])
  if (hsl) {
    const hue = Number(hsl[0]!.replace(/deg$/, ''))
    const [s, l] = [component(hsl[1]!, 1), component(hsl[2]!, 1)]
    if ([hue, s, l].some((value) => Number.isNaN(value)) || !hsl[1]!.endsWith('%') || !hsl[2]!.endsWith('%')) {
      return undefined
    }
    return fromHsl(hue, s, l)
  }
  return undefined
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG contrast ratio of two luminances (1 to 21). */
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

/** Black or white, whichever reads better on `background`. */
export function readableTextColor(background: Rgb): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(background)
  return contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? '#000000' : '#ffffff'
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}
