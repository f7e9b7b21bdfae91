import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";
import type { UserDocumentKind } from "#db/schema.ts";

/** Days before a user's document expires: which one, when, and where to get help renewing it. */
export type DocumentReminderMailData = MailParties & {
  kind: UserDocumentKind;
  label: string | null;
  /** The expiry date as the recipient reads it. */
  date: string;
  daysLeft: number;
  guides: string;
  services: string;
  settings: string;
};

export const documentReminderMail: MailTemplate<DocumentReminderMailData> = {
  name: "user-documents-reminder",
  compose(data, language) {
    const t = mailT(language, "cabinet");
    const document = data.kind === "other" && data.label ? data.label : t(`documents.kinds.${data.kind}`);
    const values = { name: data.name, site: data.site, document, date: data.date, count: data.daysLeft };
    return {
      subject: t("documents.mail.subject", values),
      blocks: [
        t("documents.mail.greeting", values),
        t("documents.mail.body", values),
        { text: t("documents.mail.guides"), link: data.guides },
        { text: t("documents.mail.services"), link: data.services },
        { text: t("documents.mail.settings"), link: data.settings },
        t("documents.mail.signature", values),
      ],
    };
  },
  examples: (origin) => [
    {
      name: "Olena",
      site: "Portal",
      kind: "residence_card",
      label: null,
      date: "20.02.2027",
      daysLeft: 30,
      guides: `${origin}/dovidnyk?topic=documents`,
      services: `${origin}/services/category/yurysty`,
      settings: `${origin}/cabinet/documents`,
    },
  ],
};
