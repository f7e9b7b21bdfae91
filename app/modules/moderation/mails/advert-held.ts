import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

/** The owner's advert was hidden pending review after reports from several members; `link` is the cabinet's list. */
export type AdvertHeldMailData = MailParties & { title: string; link: string };

export const advertHeldMail: MailTemplate<AdvertHeldMailData> = {
  name: "moderation-advert-held",
  compose(data, language) {
    const t = mailT(language, "admin");
    return {
      subject: t("mail.held.subject", data),
      blocks: [t("mail.greeting", data), t("mail.held.body", data), t("mail.held.next", data), data.link, t("mail.signature", data)],
    };
  },
  examples: (origin) => [{ name: "Olena", site: "Portal", title: "Oak rocking chair", link: `${origin}/cabinet/advertisement` }],
};
