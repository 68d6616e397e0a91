/** The genre feature's public entry: the picker the book form uses (the genre schema is in src/lib/genre-schema.ts). */
export { GenrePicker } from './genre-picker'
