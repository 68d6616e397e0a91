/*
 * Pages paint before their script loads (issue 14, docs/decisions/023-light-pages.md).
 *
 * TanStack Start's build manifest gives each route the modules it preloads
 * (`<link rel="modulepreload">` in the head) and gives the root the entry
 * module (`<script type="module" async>`). The browser then fetched, compiled
 * and ran the whole app before its first paint: on a mid-range phone that put
 * 1.5 s of script between the server's HTML and the page on screen, although
 * the HTML needs no script to show. `paintFirst` rewrites the manifest so that
 * each route instead carries a small inline script that, once the browser has
 * shown the page, adds the same preloads and (for the root) runs the entry:
 * the same files, fetched in parallel as before, after the first paint.
 * vite.config.ts applies it to the manifest the server build is given.
 */

/** What this needs of a route in the build manifest (@tanstack/start-plugin-core's serialized manifest). */
interface ManifestRoute {
  preloads?: (string | { href: string })[]
  scripts?: { attrs?: Record<string, unknown>; children?: string }[]
  [key: string]: unknown
}

interface StartManifest {
  routes: Record<string, ManifestRoute>
  [key: string]: unknown
}

/**
 * The inline script: once the browser reports the page's first paint (Paint
 * Timing; at once in a hidden tab, which paints nothing, and on the load event
 * in a browser without Paint Timing), import `entry` and preload `hrefs`.
 * Frame callbacks are no such signal: before its first paint a page may get
 * frames that paint nothing. Each preload is added in a task of its own:
 * starting a module fetch costs the renderer about a millisecond, four on a
 * phone, and a route's 25 preloads added at once made a long task that
 * Lighthouse counted as blocking (docs/performance.md). The added elements carry
 * the script's own CSP nonce; the entry is a script element it adds, not an
 * `import()`: a kept page has no nonce but its scripts' hashes
 * (page-cache.server.ts), and under 'strict-dynamic' only a script added by
 * script runs without one (an `import()` inherits its parser-inserted
 * script's standing). It may run twice (the router renders route scripts
 * again after hydration): a link already there is not added again, and a
 * module runs once whatever adds it again.
 */
export function afterPaintScript(hrefs: string[], entry?: string): string {
  const load = entry
    ? `const s=document.createElement('script');s.type='module';s.src=${JSON.stringify(entry)};s.nonce=n;document.head.append(s);`
    : ''
  const preload = `for(const h of ${JSON.stringify(hrefs)})setTimeout(()=>{if(document.head.querySelector('link[href="'+h+'"]'))return;const l=document.createElement('link');l.rel='modulepreload';l.href=h;l.nonce=n;document.head.append(l)})`
  return `((n)=>{const go=()=>{${load}${preload}};if(document.hidden)go();else if(PerformanceObserver.supportedEntryTypes?.includes('paint'))new PerformanceObserver((_,o)=>{o.disconnect();go()}).observe({type:'paint',buffered:true});else addEventListener('load',go)})(document.currentScript.nonce)`
}

const isEntryScript = (script: NonNullable<ManifestRoute['scripts']>[number]) =>
  script.attrs?.type === 'module' && typeof script.attrs.src === 'string'

export function paintFirst<Manifest extends StartManifest>(manifest: Manifest): Manifest {
  const routes: Record<string, ManifestRoute> = {}
  for (const [id, route] of Object.entries(manifest.routes)) {
    const { preloads = [], scripts = [], ...rest } = route
    const hrefs = preloads.map((preload) => (typeof preload === 'string' ? preload : preload.href))
    const entry = scripts.find(isEntryScript)?.attrs?.src as string | undefined
    const others = scripts.filter((script) => !isEntryScript(script))
    const deferred = hrefs.length > 0 || entry ? [{ attrs: {}, children: afterPaintScript(hrefs, entry) }] : []
    routes[id] = { ...rest, ...(deferred.length + others.length > 0 ? { scripts: [...others, ...deferred] } : {}) }
  }
  return { ...manifest, routes }
}
