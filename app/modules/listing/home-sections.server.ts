import type { Language } from "~/i18n/locales";
import type { TFunction } from "i18next";
import { newestAdvertsSection } from "../adverts/home-section.server.ts";
import { newestInDirectory } from "../directory/directory.server.ts";
import { latestNews } from "../news/news.server.ts";
import { upcomingPosters } from "../posters/posters.server.ts";
import type { VersionedTable } from "./content-state.server.ts";
import type { HomeSection, HomeSectionBuilder } from "./home-section.ts";

// The home page's teaser sections (the shape is in home-section.ts, so that a module's own
// builder, like the adverts', needs nothing from here). Another section is one builder
// plus one line in HOME_SECTIONS.

const latestNewsSection: HomeSectionBuilder = {
  deps: ["news", "categories", "images"],
  async build({ language, t }) {
    const items = await latestNews(language, 6);
    return {
      id: "news",
      title: t("home.latest_news"),
      more: { path: "/novyny", label: t("home.all_news") },
      items: items.map((item) => ({
        key: item.id,
        path: `/novyny/${item.slug}`,
        title: item.title,
        text: item.summary,
        date: item.date,
        meta: item.category?.name.text ?? null,
        image: item.image,
        imageKind: "cover",
      })),
      emptyText: t("news.empty"),
    };
  },
};

const upcomingPostersSection: HomeSectionBuilder = {
  deps: ["posters", "locations", "images"],
  async build({ language, t }) {
    const items = await upcomingPosters(language, 4);
    return {
      id: "posters",
      title: t("home.upcoming_posters"),
      more: { path: "/poster", label: t("home.all_posters") },
      items: items.map((item) => ({
        key: item.id,
        path: `/poster/${item.slug}`,
        title: item.title,
        text: item.venue,
        meta: [item.when.text, item.location?.text].filter(Boolean).join(" · "),
        image: item.image,
        imageKind: "cover",
      })),
      emptyText: t("posters.empty_upcoming"),
    };
  },
};

const servicesSection: HomeSectionBuilder = {
  deps: ["services", "categories", "locations", "images"],
  async build({ language, t }) {
    const items = await newestInDirectory("services", language, 4);
    return {
      id: "services",
      title: t("home.services"),
      more: { path: "/services", label: t("home.all_services") },
      items: items.map((item) => ({
        key: item.id,
        path: `/services/${item.slug}`,
        title: item.name,
        text: item.teaser,
        meta: [item.category?.name.text, item.location?.text].filter(Boolean).join(" · "),
        image: item.logo,
        imageKind: "logo",
      })),
    };
  },
};

const diasporaSection: HomeSectionBuilder = {
  deps: ["diaspors", "locations", "images"],
  async build({ language, t }) {
    const items = await newestInDirectory("diaspors", language, 4);
    return {
      id: "diaspors",
      title: t("home.diaspors"),
      more: { path: "/diaspors", label: t("home.all_diaspors") },
      items: items.map((item) => ({
        key: item.id,
        path: `/diaspors/${item.slug}`,
        title: item.name,
        text: item.teaser,
        meta: item.location?.text ?? null,
        image: item.logo,
        imageKind: "logo",
      })),
    };
  },
};

/** The home page's sections, in order. */
const HOME_SECTIONS: HomeSectionBuilder[] = [
  latestNewsSection,
  upcomingPostersSection,
  newestAdvertsSection,
  servicesSection,
  diasporaSection,
];

export const HOME_DEPS: VersionedTable[] = [...new Set<VersionedTable>([...HOME_SECTIONS.flatMap((section) => section.deps), "reklama", "images"])];

export async function buildHomeSections(language: Language, t: TFunction<"content">): Promise<HomeSection[]> {
  const sections = await Promise.all(HOME_SECTIONS.map((section) => section.build({ language, t })));
  return sections.filter((section) => section.items.length > 0 || section.emptyText);
}
