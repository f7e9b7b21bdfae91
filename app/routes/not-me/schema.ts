/** "This wasn't me": the security mail's token, posted by the page's button. */
export { linkTokenSchema as notMeSchema } from "#app/modules/auth/link-token.ts";
