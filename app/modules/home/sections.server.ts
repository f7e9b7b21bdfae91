import type { Language } from "#app/i18n/locales.ts";
import type { TFunction } from "i18next";
import { newestAdvertsSection } from "#app/modules/adverts/home-section.server.ts";
import { hasCategories, newestInDirectory } from "#app/modules/directory/directory.server.ts";
import { publicPathOf, type ContentType } from "#app/modules/staff-content/registry.ts";
import { isDirectoryType, typesWithSpec, type DirectoryType } from "#app/modules/staff-content/public-specs.ts";
import { latestNews } from "#app/modules/news/news.server.ts";
import { recentlyCheckedGuides } from "#app/modules/guides/guides.server.ts";
import { eventWhenLabel } from "#app/modules/posters/event-when.ts";
import { upcomingPosters } from "#app/modules/posters/posters.server.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import type { DirectoryCard } from "#app/modules/directory/cards.ts";
import { teaserSection, TEASERS_PER_SECTION, type HomeSection, type HomeSectionBuilder } from "./section.ts";

// The home page's teaser sections (the shape is in home-section.ts, so that a module's own
// builder, like the adverts', needs nothing from here): one for each type with `home` in the
// registry's PUBLIC_SPECS, in public order (the header's). News, posters and adverts have
// their own builders; every directory type gets the directory's.

const latestNewsSection = teaserSection({
  id: "news",
  deps: ["news", "categories", "images"],
  path: "/novyny",
  labels: (t) => ({ title: t("home.latest_news"), more: t("home.all_news"), empty: t("news.empty") }),
  items: ({ language }) => latestNews(language, TEASERS_PER_SECTION),
  teaser: (item) => ({
    title: item.title,
    text: item.summary,
    date: item.date,
    meta: item.category?.name.text ?? null,
    image: item.image,
    imageKind: "cover",
  }),
});

const upcomingPostersSection = teaserSection({
  id: "posters",
  deps: ["posters", "poster_occurrences", "locations", "images"],
  path: "/poster",
  labels: (t) => ({ title: t("home.upcoming_posters"), more: t("home.all_posters"), empty: t("posters.empty_upcoming") }),
  items: ({ language }) => upcomingPosters(language, TEASERS_PER_SECTION),
  teaser: (item, _language, t) => ({
    title: item.title,
    text: item.venue,
    meta: [eventWhenLabel(item.when, t), item.location?.text].filter(Boolean).join(" · "),
    image: item.image,
    imageKind: "cover",
  }),
});

const recentGuidesSection = teaserSection({
  id: "guides",
  deps: ["guides", "locations"],
  path: "/dovidnyk",
  labels: (t) => ({ title: t("home.guides"), more: t("home.all_guides") }),
  items: ({ language }) => recentlyCheckedGuides(language, TEASERS_PER_SECTION),
  teaser: (item, _language, t) => ({
    title: item.title,
    text: item.summary,
    date: item.checkedAt,
    meta: [t(`guides.topics.${item.topic}`), item.location?.text].filter(Boolean).join(" · "),
    // Text only: the small icon, as on the guides list.
    imageKind: "logo",
  }),
});

/** A directory (services, diaspora organisations): the newest entries, with their logos, category and place. */
function directorySection(table: DirectoryType) {
  const hasCategory = hasCategories(table);
  const deps: VersionedTable[] = [table, ...(hasCategory ? (["categories"] as const) : []), "locations", "images"];
  return teaserSection({
    id: table,
    deps,
    path: publicPathOf(table),
    labels: (t) => ({ title: t(`home.${table}`), more: t(`home.all_${table}`) }),
    items: ({ language }) => newestInDirectory(table, language, TEASERS_PER_SECTION),
    teaser: (item: DirectoryCard) => ({
      title: item.name,
      text: item.teaser,
      meta: hasCategory ? [item.category?.name.text, item.location?.text].filter(Boolean).join(" · ") : (item.location?.text ?? null),
      image: item.logo,
      imageKind: "logo",
    }),
  });
}

/** The types whose home sections are built their own way. */
const OWN_SECTIONS: Partial<Record<ContentType, HomeSectionBuilder>> = {
  news: latestNewsSection,
  posters: upcomingPostersSection,
  advertisements: newestAdvertsSection,
  guides: recentGuidesSection,
};

function sectionOf(type: ContentType): HomeSectionBuilder {
  const own = OWN_SECTIONS[type];
  if (own) return own;
  if (isDirectoryType(type)) return directorySection(type);
  throw new Error(`${type} has a home section but no builder`);
}

/** The home page's sections, in order. */
const HOME_SECTIONS: HomeSectionBuilder[] = typesWithSpec("home").map(sectionOf);

export const HOME_DEPS: VersionedTable[] = [
  ...new Set<VersionedTable>([...HOME_SECTIONS.flatMap((section) => section.deps), "reklama", "images"]),
];

export async function buildHomeSections(language: Language, t: TFunction<"content">): Promise<HomeSection[]> {
  const sections = await Promise.all(HOME_SECTIONS.map((section) => section.build({ language, t })));
  return sections.filter((section) => section.items.length > 0 || section.emptyText);
}
