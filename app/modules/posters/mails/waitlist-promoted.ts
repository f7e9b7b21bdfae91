import { pickLocalized } from "#app/platform/format/localized.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";
import { scheduleText } from "#app/modules/posters/posters.server.ts";

/** To someone on a date's waiting list who now has a place: which event, which date, and its page. */
export type WaitlistPromotedMailData = MailParties & {
  title: { uk: string; en: string | null };
  startsAt: Date;
  endsAt: Date | null;
  /** The event's page at that date (`?date=`), where they can also give the place up. */
  link: string;
};

export const waitlistPromotedMail: MailTemplate<WaitlistPromotedMailData> = {
  name: "posters-waitlist-promoted",
  compose(data, language) {
    const t = mailT(language, "events");
    const title = pickLocalized(data.title.uk, data.title.en, language).text;
    const when = scheduleText(data.startsAt, data.endsAt, language);
    return {
      subject: t("promoted_mail.subject", { title, when }),
      blocks: [
        t("promoted_mail.intro", { name: data.name, title, when }),
        t("promoted_mail.page"),
        data.link,
        t("mail.signature", { site: data.site }),
      ],
    };
  },
  examples: (origin) => [
    {
      name: "Olena",
      site: "Portal",
      title: { uk: "Майстер-клас писанкарства", en: "Pysanka workshop" },
      startsAt: new Date("2026-12-05T15:00:00Z"),
      endsAt: new Date("2026-12-05T18:00:00Z"),
      link: `${origin}/poster/maister-klas-pysankarstva?date=12`,
    },
  ],
};
