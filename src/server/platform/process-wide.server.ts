/**
 * One value per process, however many copies of the module that asks for it: the build
 * holds two copies of the server's modules (nitro's entry bundle and the SSR bundle), and
 * development reloads them. Kept on globalThis under `Symbol.for('start-books.<name>')`.
 */
export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>
  const key = Symbol.for(`start-books.${name}`)
  return (holder[key] ??= create()) as T
}
