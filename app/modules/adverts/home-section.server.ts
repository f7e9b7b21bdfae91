import type { HomeSectionBuilder } from "../listing/home-section.ts";
import { newestAdverts } from "./queries.server.ts";

/** The home page's "new adverts" section (one line in HOME_SECTIONS). */
export const newestAdvertsSection: HomeSectionBuilder = {
  deps: ["advertisements", "advertisement_images", "locations", "images"],
  async build({ language, t }) {
    // The builder gets the `content` namespace; adverts' strings live in `adverts`.
    const tr = (key: "price.free" | "price.negotiable" | "home.title" | "home.all" | "home.empty") => t(key, { ns: "adverts" });
    const items = await newestAdverts(language, { free: tr("price.free"), negotiable: tr("price.negotiable") }, 6);
    return {
      id: "adverts",
      title: tr("home.title"),
      more: { path: "/advertisement", label: tr("home.all") },
      items: items.map((item) => ({
        key: item.id,
        path: `/advertisement/${item.slug}`,
        // User text in one unknown language: shown in the page's language context.
        title: { text: item.title, lang: language },
        text: { text: item.excerpt, lang: language },
        meta: [item.price.text, item.location?.text, item.date?.text].filter(Boolean).join(" · "),
        image: item.image,
        imageKind: "cover" as const,
      })),
      emptyText: tr("home.empty"),
    };
  },
};
