/** The preferences feature's public entry: the language and theme settings of the account page and of the sign-in pages. */
export { DisplayPreferences, SignedOutPreferences } from './display-preferences'
