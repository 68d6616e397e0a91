/**
 * The e-mail sign-in code (docs/product.md#data and #constants), shared by the auth
 * service, the forms, the page that asks for it and the e-mail that carries it.
 */
export const OTP_LENGTH = 6
export const OTP_EXPIRES_MINUTES = 5
