import { sql } from "kysely";
import { localizePath, type Language, type LocaleCode } from "#app/i18n/locales.ts";
import { publicRows } from "#app/modules/content/public-cards.server.ts";
import { nearParams } from "#app/modules/content/near-list.ts";
import { directoryFilter, type DirectoryTable } from "#app/modules/directory/directory.server.ts";
import { DIRECTORY_PAGE_DEPS } from "#app/modules/directory/directory-page.server.ts";
import { parseNearFilter, type NearFilter } from "#app/modules/taxonomy/near.server.ts";
import { listLocations } from "#app/modules/taxonomy/public-terms.server.ts";
import { publicPathOf } from "#app/modules/staff-content/registry.ts";
import { typesWithSpec } from "#app/modules/staff-content/public-specs.ts";
import { GUIDE_PAGE_DEPS } from "#app/modules/guides/guide-page.server.ts";
import { guideSlugsAt } from "#app/modules/guides/guides.server.ts";
import { PAGE_SIZE } from "#app/platform/lists/pagination.ts";
import { notFound } from "#app/platform/http/errors.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";

// "Save this place for offline": the addresses of one place's pages (each packed list at
// the place's filter, all its pages, and every item page it lists), which the browser's
// service worker fetches and keeps (docs/adr/0008-offline-and-installable.md, 2026-11-28).

/**
 * A list that can be saved with its place: its path, its filter's query at that place (the
 * list's own parameters), and the slugs of its items there.
 */
type PackSource = {
  list: string;
  deps: readonly VersionedTable[];
  query: (near: NearFilter) => string;
  slugs: (near: NearFilter) => Promise<string[]>;
};

const nearQuery = (near: NearFilter) =>
  new URLSearchParams(nearParams({ near: near.place.slug, radius: near.radius, sort: null })).toString();

function directorySource(table: DirectoryTable): PackSource {
  return {
    list: publicPathOf(table),
    deps: DIRECTORY_PAGE_DEPS[table],
    query: nearQuery,
    slugs: async (near) =>
      (
        await publicRows(table, "d")
          .where(directoryFilter(table, { near }))
          .select(sql<string>`d.slug`.as("slug"))
          .orderBy(sql`d.id`)
          .limit(MAX_ITEMS)
          .execute()
      ).map((row) => row.slug),
  };
}

/**
 * The guides at a place: its own and those for everywhere, as the list at `?location=` shows
 * them. The list knows no radius: a place saved with one keeps the place's guides alone.
 */
const guidesSource: PackSource = {
  list: publicPathOf("guides"),
  deps: GUIDE_PAGE_DEPS,
  query: (near) => new URLSearchParams({ location: near.place.slug }).toString(),
  slugs: (near) => guideSlugsAt(near.place.id, MAX_ITEMS),
};

/** The lists saved with a place: every directory type's (services, organisations), then the guides. */
const PACK_SOURCES: readonly PackSource[] = [...(typesWithSpec("directory") as DirectoryTable[]).map(directorySource), guidesSource];

export const PLACE_PACK_DEPS: VersionedTable[] = [...new Set(PACK_SOURCES.flatMap((source) => source.deps))];

/** Items per list at most: a pack stays a download a phone can take. */
const MAX_ITEMS = 400;

/**
 * The estimate shown before saving, in bytes of HTML as the browser stores it (uncompressed):
 * pages counted by kind times the size measured on the demo's pages (2026-11-28: a list of
 * two or three cards 28–33 KB, a full page of cards more; an item page 37–43 KB). Assets the pages share are kept once and not counted.
 */
export const ESTIMATED_BYTES = { list: 50_000, item: 40_000 } as const;

export type PlacePack = {
  place: { slug: string; name: string };
  pages: number;
  bytes: number;
  urls: string[];
};

/** The pack of the place in `url` (`?location=` or `?near=&radius=`); none or an unknown place is the 404. */
export async function placePack(url: URL, language: Language, locale: LocaleCode): Promise<PlacePack> {
  const near = parseNearFilter(url, await listLocations(language)) ?? notFound();
  // "Anywhere" is no place: saved as the place itself.
  const filter: NearFilter = near.radius === "any" ? { ...near, radius: null } : near;
  const lists: string[] = [];
  const items: string[] = [];
  for (const source of PACK_SOURCES) {
    const slugs = await source.slugs(filter);
    const query = source.query(filter);
    const path = localizePath(source.list, locale);
    const pageCount = Math.max(1, Math.ceil(slugs.length / PAGE_SIZE));
    for (let page = 1; page <= pageCount; page++) lists.push(`${path}?${query}${page > 1 ? `&page=${page}` : ""}`);
    items.push(...slugs.map((slug) => localizePath(`${source.list}/${slug}`, locale)));
  }
  return {
    place: { slug: filter.place.slug, name: filter.place.name.text },
    pages: lists.length + items.length,
    bytes: lists.length * ESTIMATED_BYTES.list + items.length * ESTIMATED_BYTES.item,
    urls: [...lists, ...items],
  };
}
