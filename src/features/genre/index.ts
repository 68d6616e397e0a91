/** The genre feature's public entry: the picker of the book form and of the book list's filter, the genre queries (the genre schema is in src/lib/genre-schema.ts). */
export { GenrePicker } from './genre-picker'
export { genreQueries } from './queries'
