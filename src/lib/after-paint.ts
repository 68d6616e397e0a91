/*
 * The pages' after-paint loader (src/server/fast-paths/paint-first.server.ts, decision 023), in
 * lib: the server's manifest rewrite writes it for every route, and a signed-in page's head
 * (src/components/layout/head.ts) for its language's message chunks (decision 046).
 */

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
