/** The book feature's public entry: what routes load and check (its pages are imported as route components). */
export { bookPermissions } from './book-permissions'
export { loadBook, prefetchBookList } from './book-queries'
