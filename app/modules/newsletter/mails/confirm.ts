import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailTemplate } from "#app/platform/mail/template.server.ts";

/** The subscription form's mail: the one-time confirmation link, or, for an address already confirmed, its manage link. */
export type ConfirmMailData = { kind: "confirm" | "known"; site: string; link: string };

export const confirmMail: MailTemplate<ConfirmMailData> = {
  name: "newsletter-confirm",
  compose(data, language) {
    const t = mailT(language, "newsletter");
    const values = { site: data.site };
    return {
      subject: t(`mail.${data.kind}.subject`, values),
      blocks: [t(`mail.${data.kind}.intro`, values), data.link, t(`mail.${data.kind}.ignore`, values), t("mail.signature", values)],
    };
  },
  examples: (origin) => [
    { kind: "confirm", site: "Portal", link: `${origin}/newsletter/confirm?token=example` },
    { kind: "known", site: "Portal", link: `${origin}/newsletter/manage?token=example` },
  ],
};
