import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

/** Verify the address, reset the password, or "you already have an account" (then `forgotLink` leads to the reset form). */
export type AccountMailData = MailParties & {
  kind: "verify" | "reset" | "already_registered";
  link: string;
  forgotLink?: string;
};

export const accountMail: MailTemplate<AccountMailData> = {
  name: "auth-account",
  compose(data, language) {
    const t = mailT(language, "auth");
    const values = { name: data.name, site: data.site, link: data.link, forgotLink: data.forgotLink ?? "" };
    return {
      subject: t(`mail.${data.kind}.subject`, values),
      blocks: [
        t("mail.greeting", values),
        t(`mail.${data.kind}.body`, values),
        data.link,
        ...(data.kind === "already_registered" ? [t("mail.already_registered.forgot", values), data.forgotLink ?? ""] : []),
        t(`mail.${data.kind}.ignore`, values),
        t("mail.signature", values),
      ],
    };
  },
  examples: (origin) => [
    { kind: "verify", name: "Olena", site: "Portal", link: `${origin}/verify-request?token=example` },
    { kind: "reset", name: "Olena", site: "Portal", link: `${origin}/verify-request?token=example` },
    { kind: "already_registered", name: "Olena", site: "Portal", link: `${origin}/login`, forgotLink: `${origin}/login#forgot-password` },
  ],
};
