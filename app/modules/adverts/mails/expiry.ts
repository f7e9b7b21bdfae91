import type { ExpiryMailKind } from "#db/schema.ts";
import { formatDate } from "#app/platform/format/dates.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailParties, MailTemplate } from "#app/platform/mail/template.server.ts";

/** How long the mailed renew and sold links work. */
const EXPIRY_TOKEN_DAYS = 30;

/** Before an advert expires ("reminder": renew or mark as sold) and after ("expired": renew). */
export type ExpiryMailData = MailParties & {
  kind: ExpiryMailKind;
  /** A help advert: its owner marks it "resolved" rather than "sold" (adverts/kinds.ts). */
  help?: boolean;
  title: string;
  expiresAt: Date;
  lifetimeDays: number;
  renew: string;
  sold: string | null;
};

export const expiryMail: MailTemplate<ExpiryMailData> = {
  name: "adverts-expiry",
  compose(data, language) {
    // Mail texts live with the other server-only ones (admin), not in the pages' JavaScript.
    const t = mailT(language, "admin");
    const values = {
      name: data.name,
      title: data.title,
      site: data.site,
      date: formatDate(data.expiresAt, language),
      days: data.lifetimeDays,
    };
    return {
      subject: t(`mail.expiry.${data.kind}_subject`, values),
      blocks: [
        t(`mail.expiry.${data.kind}_intro`, values),
        t("mail.expiry.renew", values),
        data.renew,
        ...(data.sold ? [t(data.help ? "mail.expiry.resolved" : "mail.expiry.sold", values), data.sold] : []),
        t("mail.expiry.links_note", { days: EXPIRY_TOKEN_DAYS }),
        t("mail.expiry.signature", values),
      ],
    };
  },
  examples: (origin) => {
    const common = {
      name: "Olena",
      title: "Oak rocking chair",
      site: "Portal",
      expiresAt: new Date("2026-12-03T10:00:00Z"),
      lifetimeDays: 30,
      renew: `${origin}/advertisement/renew/example`,
    };
    return [
      { ...common, kind: "reminder", sold: `${origin}/advertisement/sold/example` },
      { ...common, kind: "expired", sold: null },
    ];
  },
};
