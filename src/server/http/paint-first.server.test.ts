import { describe, expect, it } from 'vitest'

import { afterPaintScript, paintFirst } from './paint-first.server'

const ENTRY = '/assets/index-abc.js'

/** A manifest as TanStack Start's build writes it: the root runs the entry, routes preload their chunks. */
const manifest: Parameters<typeof paintFirst>[0] = {
  routes: {
    __root__: {
      filePath: 'src/routes/__root.tsx',
      preloads: [ENTRY, '/assets/runtime.js'],
      scripts: [{ attrs: { type: 'module', async: true, src: ENTRY } }],
      css: ['/assets/styles.css'],
    },
    '/login/': { preloads: ['/assets/login.js', { href: '/assets/text-field.js' }] },
    '/about': { filePath: 'src/routes/about.tsx' },
  },
}

/** A page that runs inline scripts as the browser would, with the page's nonce, and records what they did. */
function fakePage() {
  const links: Record<string, string>[] = []
  const imported: string[] = []
  const frame: (() => void)[] = []
  const timers: (() => void)[] = []
  const document = {
    currentScript: { nonce: 'the-nonce' },
    querySelector: (selector: string) => links.find((link) => selector.includes(`"${link.href}"`)) ?? null,
    createElement: () => ({}) as Record<string, string>,
    head: { append: (link: Record<string, string>) => links.push(link) },
  }
  const globals = {
    document,
    requestAnimationFrame: (callback: () => void) => frame.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  }
  return {
    links,
    imported,
    run(script: string) {
      // `import(…)`, which a Function body cannot hold, goes to a stub.
      const body = script.replace(/import\(/g, 'load(')
      new Function('load', ...Object.keys(globals), body)(
        (url: string) => imported.push(url),
        ...Object.values(globals),
      )
    },
    /** The browser renders a frame: the frame's callbacks run, then (after the paint) the timers. */
    paint() {
      const before = links.length
      for (const callback of frame.splice(0)) callback()
      expect(links, 'nothing is added before the paint').toHaveLength(before)
      for (const timer of timers.splice(0)) timer()
    },
  }
}

describe('paintFirst', () => {
  const rewritten = paintFirst(manifest)

  it('leaves no module to preload or run in the HTML', () => {
    for (const route of Object.values(rewritten.routes)) {
      expect(route).not.toHaveProperty('preloads')
      for (const script of route.scripts ?? []) expect(script.attrs).not.toHaveProperty('src')
    }
  })

  it('keeps everything else of each route', () => {
    expect(rewritten.routes.__root__).toMatchObject({ filePath: 'src/routes/__root.tsx', css: ['/assets/styles.css'] })
    expect(rewritten.routes['/about']).toEqual({ filePath: 'src/routes/about.tsx' })
  })

  it("gives each route one inline script, with its preloads and the root's entry", () => {
    expect(rewritten.routes.__root__?.scripts).toEqual([
      { attrs: {}, children: afterPaintScript([ENTRY, '/assets/runtime.js'], ENTRY) },
    ])
    expect(rewritten.routes['/login/']?.scripts).toEqual([
      { attrs: {}, children: afterPaintScript(['/assets/login.js', '/assets/text-field.js']) },
    ])
  })
})

describe('afterPaintScript', () => {
  it('preloads and imports only once the page is painted, with the CSP nonce of the page', () => {
    const page = fakePage()
    page.run(afterPaintScript(['/assets/a.js', '/assets/b.js'], '/assets/a.js'))
    expect(page.links).toEqual([])
    expect(page.imported).toEqual([])
    page.paint()
    expect(page.links).toEqual([
      { rel: 'modulepreload', href: '/assets/a.js', nonce: 'the-nonce' },
      { rel: 'modulepreload', href: '/assets/b.js', nonce: 'the-nonce' },
    ])
    expect(page.imported).toEqual(['/assets/a.js'])
  })

  it('adds no preload twice when the router runs it again after hydration', () => {
    const page = fakePage()
    const script = afterPaintScript(['/assets/a.js'])
    page.run(script)
    page.paint()
    page.run(script)
    page.paint()
    expect(page.links).toHaveLength(1)
  })
})
