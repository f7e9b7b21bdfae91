import { pickLocalized } from "#app/platform/format/localized.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";
import { optionalText, scheduleText } from "#app/modules/posters/posters.server.ts";

/** What the reminder says of the event: its title, where and when. */
export type RemindedEvent = {
  title: { uk: string; en: string | null };
  venue: { uk: string | null; en: string | null };
  address: string | null;
  town: { uk: string | null; en: string | null };
  startsAt: Date;
  endsAt: Date | null;
};

/** The day before an event, to someone going: what, when, where, and the event's page. */
export type EventReminderMailData = RemindedEvent & MailParties & { link: string };

export const eventReminderMail: MailTemplate<EventReminderMailData> = {
  name: "posters-event-reminder",
  compose(data, language) {
    const t = mailT(language, "events");
    const title = pickLocalized(data.title.uk, data.title.en, language).text;
    const place = [
      optionalText(data.venue.uk, data.venue.en, language)?.text,
      data.address,
      optionalText(data.town.uk, data.town.en, language)?.text,
    ]
      .filter(Boolean)
      .join(", ");
    return {
      subject: t("mail.subject", { title }),
      blocks: [
        t("mail.intro", { name: data.name, title }),
        t("mail.when", { when: scheduleText(data.startsAt, data.endsAt, language) }),
        ...(place ? [t("mail.where", { place })] : []),
        t("mail.page"),
        data.link,
        t("mail.signature", { site: data.site }),
      ],
    };
  },
  examples: (origin) => [
    {
      name: "Olena",
      site: "Portal",
      title: { uk: "Концерт хору", en: "Choir concert" },
      venue: { uk: "Будинок культури", en: "House of Culture" },
      address: "вул. Шевченка, 1",
      town: { uk: "Київ", en: "Kyiv" },
      startsAt: new Date("2026-12-05T17:00:00Z"),
      endsAt: new Date("2026-12-05T19:00:00Z"),
      link: `${origin}/poster/choir-concert`,
    },
  ],
};
