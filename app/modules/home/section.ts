import type { TFunction } from "i18next";
import type { Language } from "#app/i18n/locales.ts";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import type { DisplayDate } from "#app/platform/format/dates.ts";
import type { DisplayImage } from "#app/platform/images/display-image.ts";

// What a home page section is: each builder declares the tables it reads (the page cache's
// dependencies) and returns teasers in one shape, rendered by one card. Types and one pure
// builder maker only, so the modules that build sections and the list of sections do not
// import each other.

/** Teasers per home section: two full rows of the three-column grid, three of the two-column one. */
export const TEASERS_PER_SECTION = 6;

export type TeaserItem = {
  key: string | number;
  /** Locale-free path of the item. */
  path: string;
  title: LocalizedText;
  text?: LocalizedText | null;
  /** A short line above the title: date, place, price. */
  meta?: string | null;
  date?: DisplayDate | null;
  image?: DisplayImage | null;
  /** "cover" images fill the card's top; "logo" images sit small beside the title. */
  imageKind?: "cover" | "logo";
};

export type HomeSection = {
  id: string;
  title: string;
  /** Locale-free path of the full list. */
  more: { path: string; label: string };
  items: TeaserItem[];
  /** Shown when `items` is empty; sections without it are left out when empty. */
  emptyText?: string;
};

export type HomeSectionBuilder = {
  deps: VersionedTable[];
  build(options: { language: Language; t: TFunction<"content"> }): Promise<HomeSection>;
};

type Labels = { title: string; more: string; empty?: string };
type Build = Parameters<HomeSectionBuilder["build"]>[0];

/**
 * A section of the newest (or soonest) items of the list at `path`: `items` fetches them,
 * `teaser` says how each one shows; each links to `{path}/{slug}`. Without `empty` label the
 * section is left out when it has no items.
 */
export function teaserSection<Item extends { id: number; slug: string }>(section: {
  id: string;
  deps: VersionedTable[];
  path: string;
  labels: (t: Build["t"]) => Labels;
  items: (options: Build) => Promise<Item[]>;
  teaser: (item: Item, language: Language, t: Build["t"]) => Omit<TeaserItem, "key" | "path">;
}): HomeSectionBuilder {
  return {
    deps: section.deps,
    async build(options) {
      const labels = section.labels(options.t);
      const items = await section.items(options);
      return {
        id: section.id,
        title: labels.title,
        more: { path: section.path, label: labels.more },
        items: items.map((item) => ({
          key: item.id,
          path: `${section.path}/${item.slug}`,
          ...section.teaser(item, options.language, options.t),
        })),
        ...(labels.empty === undefined ? {} : { emptyText: labels.empty }),
      };
    },
  };
}
