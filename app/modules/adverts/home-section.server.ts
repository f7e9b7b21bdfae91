import { teaserSection, TEASERS_PER_SECTION } from "#app/modules/home/section.ts";
import { newestAdverts } from "./queries.server.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";

/** Tables an advert card is built from; its price may come from its category's price field. */
export const ADVERT_CARD_DEPS: VersionedTable[] = [
  "advertisements",
  "advertisement_images",
  "locations",
  "images",
  "advert_fields",
  "advert_field_values",
];

/** The home page's "new adverts" section (one line in HOME_SECTIONS). */
export const newestAdvertsSection = teaserSection({
  id: "adverts",
  deps: ADVERT_CARD_DEPS,
  path: "/advertisement",
  // The builder gets the `content` namespace; adverts' strings live in `adverts`.
  labels: (t) => ({
    title: t("home.title", { ns: "adverts" }),
    more: t("home.all", { ns: "adverts" }),
    empty: t("home.empty", { ns: "adverts" }),
  }),
  items: ({ language, t }) =>
    newestAdverts(
      language,
      { free: t("price.free", { ns: "adverts" }), negotiable: t("price.negotiable", { ns: "adverts" }) },
      TEASERS_PER_SECTION,
    ),
  teaser: (item, language) => ({
    // User text in one unknown language: shown in the page's language context.
    title: { text: item.title, lang: language },
    text: { text: item.excerpt, lang: language },
    meta: [item.price.text, item.location?.text, item.date?.text].filter(Boolean).join(" · "),
    image: item.image,
    imageKind: "cover",
  }),
});
