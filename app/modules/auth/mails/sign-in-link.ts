import { linkMail } from "./link-mail.ts";

export const signInLinkMail = linkMail({
  name: "auth-sign-in-link",
  texts: "link.mail",
  exampleLink: (origin) => `${origin}/login/link?token=example`,
});
