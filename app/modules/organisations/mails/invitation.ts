import { pickLocalized } from "#app/platform/format/localized.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

/** An invitation to join an organisation's members, answered in the cabinet. */
export type InvitationMailData = MailParties & {
  organisation: { uk: string; en: string | null };
  role: "owner" | "editor";
  /** Who invited (a name), or null when that account is gone. */
  inviter: string | null;
  link: string;
};

export const organisationInvitationMail: MailTemplate<InvitationMailData> = {
  name: "organisations-invitation",
  compose(data, language) {
    const t = mailT(language, "organisations");
    const organisation = pickLocalized(data.organisation.uk, data.organisation.en, language).text;
    const role = t(`roles.${data.role}`);
    return {
      subject: t("invitation_mail.subject", { organisation }),
      blocks: [
        data.inviter
          ? t("invitation_mail.intro_by", { name: data.name, inviter: data.inviter, organisation, role })
          : t("invitation_mail.intro", { name: data.name, organisation, role }),
        t("invitation_mail.what"),
        t("invitation_mail.answer"),
        data.link,
        t("invitation_mail.signature", { site: data.site }),
      ],
    };
  },
  examples: (origin) => [
    {
      name: "Maria",
      site: "Portal",
      organisation: { uk: "Українська громада Кракова", en: "Ukrainian Community of Krakow" },
      role: "owner",
      inviter: "Roman",
      link: `${origin}/cabinet/organisations`,
    },
    {
      name: "Maria",
      site: "Portal",
      organisation: { uk: "Українська громада Кракова", en: null },
      role: "editor",
      inviter: null,
      link: `${origin}/cabinet/organisations`,
    },
  ],
};
