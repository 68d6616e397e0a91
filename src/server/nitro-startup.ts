import { definePlugin } from 'nitro'

import { boot } from './boot.server'
import { closeDatabase, leaveShutdownToServer } from './db/index.server'

// Nitro runs runtime plugins once when the server starts. The dev server
// (vite) validates the environment itself and opens the database lazily.
export default definePlugin((nitroApp) => {
  if (import.meta.dev) return
  // The production entry (src/server/node-server.ts) drains the HTTP server
  // on SIGTERM/SIGINT, then calls the `close` hooks: the database goes last.
  leaveShutdownToServer()
  nitroApp.hooks.hook('close', closeDatabase)
  boot()
})
