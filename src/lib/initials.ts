/**
 * What an avatar shows without a picture: the first letters of the first and last words of a
 * name, whole characters (an emoji or a letter outside the basic plane is not cut in two).
 */
export function initials(name: string) {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word])
  const [first, last] = [letters[0], letters.length > 1 ? letters.at(-1) : undefined]
  return (last ? `${first![0]}${last[0]}` : (first ?? ['?']).slice(0, 2).join('')).toUpperCase()
}
