import type { Language } from "#app/i18n/locales.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailTemplate } from "#app/platform/mail/template.server.ts";
import type { NewsletterTopic } from "#app/modules/newsletter/topics.ts";

/** An item a digest lists: its title and its page. */
export type DigestItem = { text: string; link: string };

/** A newsletter mail: the weekly digest's sections, or a one-off issue's text; both with the subscriber's own links. */
export type IssueMailData = {
  site: string;
  manage: string;
  unsubscribe: string;
} & (
  | { kind: "digest"; sections: Array<{ topic: NewsletterTopic; items: DigestItem[] }> }
  | { kind: "manual"; subject: Record<Language, string>; body: Record<Language, string> }
);

export const issueMail: MailTemplate<IssueMailData> = {
  name: "newsletter-issue",
  compose(data, language) {
    const t = mailT(language, "newsletter");
    const values = { site: data.site };
    const content: Array<string | DigestItem> =
      data.kind === "digest"
        ? data.sections.flatMap((section) => [t(`mail.digest.section.${section.topic}`), ...section.items])
        : data.body[language]
            .split(/\n{2,}/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean);
    return {
      subject: data.kind === "digest" ? t("mail.digest.subject", values) : data.subject[language],
      blocks: [
        ...(data.kind === "digest" ? [t("mail.digest.intro", values)] : []),
        ...content,
        t("mail.manage", values),
        data.manage,
        t("mail.unsubscribe", values),
        data.unsubscribe,
        t("mail.signature", values),
      ],
    };
  },
  examples: (origin) => {
    const links = {
      site: "Portal",
      manage: `${origin}/newsletter/manage?token=example`,
      unsubscribe: `${origin}/newsletter/unsubscribe?token=example`,
    };
    return [
      {
        ...links,
        kind: "digest",
        sections: [
          { topic: "news", items: [{ text: "City council opens a help desk", link: `${origin}/novyny/help-desk` }] },
          { topic: "events", items: [{ text: "Folk evening", link: `${origin}/poster/folk-evening` }] },
          { topic: "adverts", items: [{ text: "Oak rocking chair", link: `${origin}/advertisement/oak-rocking-chair` }] },
        ],
      },
      {
        ...links,
        kind: "manual",
        subject: { uk: "Літній фестиваль", en: "Summer festival" },
        body: { uk: "Шановні читачі,\n\nФестиваль у суботу.", en: "Dear readers,\n\nThe festival is on Saturday." },
      },
    ];
  },
};
