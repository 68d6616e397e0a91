import { definePlugin } from 'nitro'
import { boot } from './boot.server'

// Nitro runs runtime plugins once when the server starts. The dev server
// (vite) validates the environment itself and opens the database lazily.
export default definePlugin(() => {
  if (!import.meta.dev) boot()
})
