/**
 * The web address of a source repository as package.json's `repository`
 * may give it: `owner/name` or `github:owner/name` shorthands, a git URL
 * (`git+https://…/x.git`, `git@host:owner/name.git`) or `{ url }`.
 * Undefined when there is none or it is not an http(s) address.
 */
export function repositoryWebUrl(repository: unknown): string | undefined {
  const raw = typeof repository === 'string' ? repository : (repository as { url?: unknown } | null)?.url
  if (typeof raw !== 'string' || !raw.trim()) return undefined
  let value = raw.trim()
  const shorthand = /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)$/.exec(value)
  if (shorthand)
    value = `https://${shorthand[1] === 'bitbucket' ? 'bitbucket.org' : `${shorthand[1]}.com`}/${shorthand[2]}`
  else if (/^[\w.-]+\/[\w.-]+$/.test(value)) value = `https://github.com/${value}`
  value = value
    .replace(/^git\+/, '')
    .replace(/^git@([^:]+):/, 'https://$1/')
    .replace(/^(ssh|git):\/\/(git@)?/, 'https://')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href.replace(/\/$/, '') : undefined
  } catch {
    return undefined
  }
}
