/** The sign-in link's button: the token travels in the form. */
export { linkTokenSchema as signInLinkSchema } from "#app/modules/auth/link-token.ts";
