/** The preferences feature's public entry: the language and theme settings the account page shows. */
export { DisplayPreferences } from './display-preferences'
