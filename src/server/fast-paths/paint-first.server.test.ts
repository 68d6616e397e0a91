import { describe, expect, it } from 'vitest'

import { afterPaintScript } from '@/lib/after-paint'

import { paintFirst } from './paint-first.server'

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

/** A page that runs inline scripts as the browser would, with the page's nonce, and records the elements they added. */
function fakePage({ hidden = false, paintTiming = true } = {}) {
  const links: Record<string, string>[] = []
  const scripts: Record<string, string>[] = []
  const observers = new Set<() => void>()
  const onLoad: (() => void)[] = []
  const tasks: (() => void)[] = []
  const document = {
    hidden,
    currentScript: { nonce: 'the-nonce' },
    createElement: () => ({}) as Record<string, string>,
    head: {
      append: (element: Record<string, string>) => (element.type === 'module' ? scripts : links).push(element),
      querySelector: (selector: string) => links.find((link) => selector.includes(`"${link.href}"`)) ?? null,
    },
  }
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource']
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe({ type }: { type: string }) {
      if (type === 'paint') observers.add(this.notify)
    }
    disconnect() {
      observers.delete(this.notify)
    }
    notify = () => this.callback({}, this)
  }
  const addEventListener = (type: string, listener: () => void) => type === 'load' && onLoad.push(listener)
  return {
    links,
    scripts,
    /** The modules run: module scripts added. */
    get imported() {
      return scripts.map((script) => script.src)
    },
    run(script: string) {
      // No `import(…)`: it would inherit the inline script's parser-inserted standing, which a kept page's CSP refuses.
      expect(script).not.toContain('import(')
      new Function('document', 'PerformanceObserver', 'addEventListener', 'setTimeout', script)(
        document,
        PerformanceObserver,
        addEventListener,
        (task: () => void) => tasks.push(task),
      )
    },
    /** The tasks queued so far, each run on its own as the browser's event loop would; returns how many ran. */
    runTasks() {
      const queued = tasks.splice(0)
      for (const task of queued) task()
      return queued.length
    },
    /** The browser reports a paint (first-paint, then first-contentful-paint). */
    paint() {
      for (const notify of [...observers]) notify()
    },
    load() {
      for (const listener of onLoad) listener()
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
  it('preloads and runs the entry once the page is painted, with the CSP nonce of the page', () => {
    const page = fakePage()
    page.run(afterPaintScript(['/assets/a.js', '/assets/b.js'], '/assets/a.js'))
    page.load()
    expect(page.links).toEqual([])
    expect(page.imported).toEqual([])
    page.paint()
    page.paint()
    expect(page.scripts).toEqual([{ type: 'module', src: '/assets/a.js', nonce: 'the-nonce' }])
    // One task per preload: no long task however many a route has.
    expect(page.runTasks()).toBe(2)
    expect(page.links).toEqual([
      { rel: 'modulepreload', href: '/assets/a.js', nonce: 'the-nonce' },
      { rel: 'modulepreload', href: '/assets/b.js', nonce: 'the-nonce' },
    ])
  })

  it('loads at once in a hidden tab, which paints nothing', () => {
    const page = fakePage({ hidden: true })
    page.run(afterPaintScript(['/assets/a.js'], '/assets/a.js'))
    page.runTasks()
    expect(page.links).toHaveLength(1)
    expect(page.imported).toEqual(['/assets/a.js'])
  })

  it('loads on the load event in a browser without Paint Timing', () => {
    const page = fakePage({ paintTiming: false })
    page.run(afterPaintScript(['/assets/a.js'], '/assets/a.js'))
    expect(page.imported).toEqual([])
    page.load()
    expect(page.imported).toEqual(['/assets/a.js'])
  })

  it('adds no preload twice when the router runs it again after hydration', () => {
    const page = fakePage()
    const script = afterPaintScript(['/assets/a.js'])
    page.run(script)
    page.paint()
    page.runTasks()
    page.run(script)
    page.paint()
    page.runTasks()
    expect(page.links).toHaveLength(1)
  })
})
