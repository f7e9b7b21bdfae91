import { pickLocalized } from "#app/platform/format/localized.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";
import { scheduleText } from "#app/modules/posters/posters.server.ts";

import type { NoticeKind } from "#db/schema.ts";

/** What organisers or staff tell the people going to an event's date: a message, a cancellation or a move. */
export type EventNoticeMailData = MailParties & {
  kind: NoticeKind;
  title: { uk: string; en: string | null };
  /** The date concerned (its new time, for a move); null: the event as a whole. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** What the sender wrote (may be empty for a cancellation or a move). */
  body: string;
  link: string;
};

export const eventNoticeMail: MailTemplate<EventNoticeMailData> = {
  name: "posters-event-notice",
  compose(data, language) {
    const t = mailT(language, "events");
    const title = pickLocalized(data.title.uk, data.title.en, language).text;
    const when = data.startsAt ? scheduleText(data.startsAt, data.endsAt, language) : null;
    return {
      subject: t(`notice_mail.subject_${data.kind}`, { title, when: when ?? "" }),
      blocks: [
        t(`notice_mail.intro_${data.kind}`, { name: data.name, title, when: when ?? "" }),
        ...(data.body.trim() ? [data.body.trim()] : []),
        t("notice_mail.page"),
        data.link,
        t("notice_mail.why"),
        t("mail.signature", { site: data.site }),
      ],
    };
  },
  examples: (origin) =>
    (["announcement", "cancelled", "moved"] as const).map((kind) => ({
      kind,
      name: "Olena",
      site: "Portal",
      title: { uk: "Суботня школа", en: "Saturday school" },
      startsAt: new Date("2026-12-05T09:00:00Z"),
      endsAt: new Date("2026-12-05T12:00:00Z"),
      body: kind === "announcement" ? "Цієї суботи збираємося в залі №2." : "",
      link: `${origin}/poster/saturday-school`,
    })),
};
