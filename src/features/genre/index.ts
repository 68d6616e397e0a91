/**
 * The genre feature's public entry: the genre queries (the genre schema is in src/lib/genre-schema.ts).
 * Light on purpose: the app's book list imports it; the genre picker, with its combobox library, is the
 * book feature's (src/features/book/genre-picker.tsx), loaded by the pages that show it.
 */
export { genreQueries } from './queries'
