/** A social sign-in button: better-auth's provider id and the name shown. */
export interface SocialProvider {
  id: string
  name: string
}

/** What the login page needs to know of the server's sign-in settings. */
export interface SignInOptions {
  /** Login or sign up (true), or login only (false). */
  signUp: boolean
  /** One button each; empty when none is configured. */
  providers: SocialProvider[]
  /** 'Sign in with a passkey' and the browser's passkey autofill (not in demo mode). */
  passkeys: boolean
}
