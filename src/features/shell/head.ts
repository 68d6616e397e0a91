import appCss from '@/styles.css?url'

/** The document head shared by every page; routes add their own title. */
export function rootHead() {
  return {
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      { title: 'Start Books' },
      { name: 'description', content: 'A full-stack starter with a book catalogue.' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }
}
