import { describe, expect, it } from 'vitest'

import { setupCommand } from './demo-info'

describe('setupCommand', () => {
  it('clones the repository, installs and starts: runnable from nothing', () => {
    expect(setupCommand('https://github.com/acme/start-books')).toBe(
      'git clone https://github.com/acme/start-books start-books && cd start-books && npm install && npm run dev',
    )
  })

  it('without a repository: install and start, in a checkout', () => {
    expect(setupCommand(undefined)).toBe('npm install && npm run dev')
  })
})
