/** A new address's confirmation link: its token, posted by the page's button. */
export { linkTokenSchema as emailChangeConfirmSchema } from "#app/modules/auth/link-token.ts";
