import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

/** A day after a conversation began: "rate <other> for <advert>", with the thread's link. */
export type RatingRequestMailData = MailParties & { other: string; title: string; link: string };

export const ratingRequestMail: MailTemplate<RatingRequestMailData> = {
  name: "ratings-request",
  compose(data, language) {
    const t = mailT(language, "cabinet");
    const values = { name: data.name, site: data.site, other: data.other, title: data.title };
    return {
      subject: t("rating_mail.subject", values),
      blocks: [t("rating_mail.greeting", values), t("rating_mail.body", values), data.link, t("rating_mail.signature", values)],
    };
  },
  examples: (origin) => [
    { name: "Olena", site: "Portal", other: "Taras", title: "Oak rocking chair", link: `${origin}/cabinet/messages/1` },
  ],
};
