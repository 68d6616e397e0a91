/**
 * The command that starts the starter on one's own machine (shown in the
 * demo dialog): from nothing (clone, install, start) when the project's
 * repository is known (REPOSITORY_URL or package.json's `repository`),
 * otherwise install and start in a checkout.
 */
export function setupCommand(repositoryUrl: string | undefined): string {
  const start = 'npm install && npm run dev'
  return repositoryUrl ? `git clone ${repositoryUrl} start-books && cd start-books && ${start}` : start
}

/** What the browser may know of demo mode. */
export interface DemoInfo {
  demoMode: boolean
  contactEmail: string
  setupCommand: string
  /** Where the source is (the setup command clones it), or null: then the command runs in a checkout. */
  repositoryUrl: string | null
  /** The accounts one may sign in to (empty outside demo mode). */
  accounts: string[]
}
