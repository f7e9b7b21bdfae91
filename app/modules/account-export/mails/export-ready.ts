import { linkMail } from "#app/modules/auth/mails/link-mail.ts";

/** The personal data export is ready: a one-day, single-use download link. */
export const exportReadyMail = linkMail({
  name: "account-export-ready",
  texts: "export.mail",
  exampleLink: (origin) => `${origin}/cabinet/export/example`,
});
