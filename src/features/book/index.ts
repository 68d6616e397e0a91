/** The book feature's public entry: what routes may import. */
export { AppBookListPage, AppBookPage } from './app-book-pages'
export { bookPermissions } from './book-permissions'
export { bookListOptions, loadBook } from './book-queries'
export { ManagerNewBookPage, ManagerUpdateBookPage } from './manager-book-form-page'
export { ManagerBookListPage } from './manager-book-list-page'
export { ManagerBookPage } from './manager-book-page'
