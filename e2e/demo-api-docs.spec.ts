import { expect, test } from './support/console'

test('demo mode still serves the API reference and both documents', async ({ request }) => {
  for (const path of ['/api/docs', '/api/openapi.json', '/api/auth/open-api/generate-schema']) {
    expect((await request.get(path)).status(), path).toBe(200)
  }
})
