/** The command that starts the starter on one's own machine (shown in the demo dialog). */
export const SETUP_COMMAND = 'npm install && npm run dev'

/** What the browser may know of demo mode. */
export interface DemoInfo {
  demoMode: boolean
  contactEmail: string
  setupCommand: string
  /** The accounts one may sign in to (empty outside demo mode). */
  accounts: string[]
}
