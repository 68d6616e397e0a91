import { describe, expect, it } from 'vitest'

import { repositoryWebUrl } from './repository'

describe('repositoryWebUrl', () => {
  it.each([
    ['acme/start-books', 'https://github.com/acme/start-books'],
    ['github:acme/start-books', 'https://github.com/acme/start-books'],
    ['gitlab:acme/start-books', 'https://gitlab.com/acme/start-books'],
    ['git+https://github.com/acme/start-books.git', 'https://github.com/acme/start-books'],
    ['git@github.com:acme/start-books.git', 'https://github.com/acme/start-books'],
    ['https://git.example.org/acme/start-books/', 'https://git.example.org/acme/start-books'],
    [{ type: 'git', url: 'git+https://github.com/acme/start-books.git' }, 'https://github.com/acme/start-books'],
  ])('%j → %s', (repository, expected) => {
    expect(repositoryWebUrl(repository)).toBe(expected)
  })

  it.each([undefined, null, '', '   ', { type: 'git' }, 'javascript:alert(1)', 'file:///tmp/x', 42])(
    '%j → none',
    (repository) => {
      expect(repositoryWebUrl(repository)).toBeUndefined()
    },
  )
})
