import type { Currency, PriceKind } from "#db/schema.ts";
import { mailT } from "#app/platform/mail/compose.server.ts";
import type { MailTemplate, OptionalMailData } from "#app/platform/mail/template.server.ts";
import { priceView } from "#app/modules/adverts/queries.server.ts";

/** At most this many adverts are listed in one mail; the link shows the rest. */
const MAX_LISTED = 20;

/** An advert as an alert lists it: its title, price and page. */
export type AlertAdvert = {
  title: string;
  link: string;
  price_kind: PriceKind;
  price_amount: string | null;
  price_currency: Currency | null;
};

/** New adverts matching a saved search, at once ("instant") or once a day ("daily"). */
export type AlertMailData = OptionalMailData & {
  kind: "instant" | "daily";
  search: string;
  adverts: AlertAdvert[];
};

export const alertMail: MailTemplate<AlertMailData> = {
  name: "saved-search-alert",
  compose(data, language) {
    const t = mailT(language, "cabinet");
    const adverts = mailT(language, "adverts");
    const labels = { free: adverts("price.free"), negotiable: adverts("price.negotiable") };
    const values = { name: data.name, search: data.search, site: data.site, count: data.adverts.length };
    return {
      subject: t(`alerts.mail.${data.kind}_subject`, values),
      blocks: [
        t("alerts.mail.greeting", values),
        t(`alerts.mail.${data.kind}_intro`, values),
        ...data.adverts
          .slice(0, MAX_LISTED)
          .map((advert) => ({ text: `${advert.title} — ${priceView(advert, language, labels).text}`, link: advert.link })),
        ...(data.adverts.length > MAX_LISTED ? [t("alerts.mail.more", { count: data.adverts.length - MAX_LISTED })] : []),
        t("alerts.mail.manage", values),
        data.settingsLink,
        t("alerts.mail.unsubscribe", values),
        data.unsubscribe,
        t("alerts.mail.signature", values),
      ],
    };
  },
  examples: (origin) => {
    const adverts: AlertAdvert[] = [
      {
        title: "Oak rocking chair",
        link: `${origin}/advertisement/oak-rocking-chair`,
        price_kind: "amount",
        price_amount: "1200",
        price_currency: "UAH",
      },
      {
        title: "Winter tyres",
        link: `${origin}/advertisement/winter-tyres`,
        price_kind: "negotiable",
        price_amount: null,
        price_currency: null,
      },
    ];
    const common = {
      name: "Olena",
      search: "Furniture in Kyiv",
      site: "Portal",
      settingsLink: `${origin}/cabinet/saved-searches`,
      unsubscribe: `${origin}/unsubscribe?token=example`,
    };
    return [
      { ...common, kind: "instant", adverts },
      {
        ...common,
        kind: "daily",
        adverts: Array.from({ length: MAX_LISTED + 2 }, (_, index) => ({
          ...adverts[index % 2]!,
          link: `${adverts[index % 2]!.link}-${index}`,
        })),
      },
    ];
  },
};
