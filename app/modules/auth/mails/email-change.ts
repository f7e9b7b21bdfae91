import { linkMail } from "./link-mail.ts";

/** Sent to the new address: its link makes it the account's address. */
export const emailChangeMail = linkMail({
  name: "auth-email-change",
  texts: "email_change.mail",
  exampleLink: (origin) => `${origin}/change-email?token=example`,
});
