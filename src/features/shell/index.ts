/** The shell feature's public entry: its pages (the layouts and error pages are in src/components/layout). */
export { AboutPage } from './about-page'
export { DevMailboxPage } from './dev-mailbox-page'
export { WelcomePage } from './welcome-page'
