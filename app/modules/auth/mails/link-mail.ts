import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

/** A mail whose point is one personal link. */
export type LinkMailData = MailParties & { link: string };

/**
 * A one-link mail of the account's security texts: the greeting, `${texts}.body`, the link,
 * `${texts}.ignore` (what to do when it was not you), the signature.
 */
export function linkMail(kind: {
  name: string;
  texts: "link.mail" | "export.mail" | "email_change.mail";
  exampleLink: (origin: string) => string;
}): MailTemplate<LinkMailData> {
  return {
    name: kind.name,
    compose(data, language) {
      const t = mailT(language, "security");
      const values = { name: data.name, site: data.site };
      return {
        subject: t(`${kind.texts}.subject`, values),
        blocks: [
          t("mail.greeting", values),
          t(`${kind.texts}.body`, values),
          data.link,
          t(`${kind.texts}.ignore`, values),
          t("mail.signature", values),
        ],
      };
    },
    examples: (origin) => [{ name: "Olena", site: "Portal", link: kind.exampleLink(origin) }],
  };
}
