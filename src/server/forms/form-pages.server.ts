/**
 * The pages whose forms post to themselves (progressive enhancement,
 * docs/decisions/031-forms-before-hydration.md): the request pipeline lets
 * POST through to these paths only, and each of these routes answers it with
 * a `server.handlers.POST` (form-pages.test.ts holds the two together).
 */
export const FORM_POST_PAGES: readonly string[] = ['/login', '/login/verify', '/onboarding', '/logout']
