import type { SitemapEntry } from "#app/modules/sitemap/entry.ts";
import { advertSitemapRows } from "./queries.server.ts";

/** sitemap.xml entries of the adverts: the list, the categories with live adverts, every live advert. */
export async function advertSitemapEntries(): Promise<SitemapEntry[]> {
  const { items, categories, newest } = await advertSitemapRows();
  const date = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return [
    { path: "/advertisement", lastmod: newest },
    ...categories
      .filter((category) => category.at !== null)
      .map((category) => ({ path: `/advertisement/category/${category.slug}`, lastmod: date(category.at) })),
    ...items.map((item) => ({ path: `/advertisement/${item.slug}`, lastmod: date(item.updated_at) })),
  ];
}
