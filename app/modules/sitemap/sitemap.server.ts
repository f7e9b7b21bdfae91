import { sql } from "kysely";
import { localizePath } from "#app/i18n/locales.ts";
import { advertSitemapEntries } from "#app/modules/adverts/sitemap.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { SitemapEntry } from "./entry.ts";
import { escapeXml } from "#app/platform/format/escape-markup.ts";
import { activeReklamaForSitemap } from "#app/modules/reklama/reklama.server.ts";
import { CATEGORY_TYPES, isCategoryType, publicPathOf } from "#app/modules/staff-content/registry.ts";
import { publicSpec, typesWithSpec } from "#app/modules/staff-content/public-specs.ts";
import { contentSpec, type StaffTable } from "#app/modules/staff-content/types.ts";
import type { CategoryKind } from "#db/schema.ts";

// sitemap.xml: every public list, category and item page, in both locales, each <url> with
// hreflang alternates (uk, en, x-default) and lastmod. Past MAX_URLS_PER_FILE URLs the
// sitemap becomes an index of /sitemap/<n>.xml files. Which staff types it lists, and how,
// is their `sitemap` in the registry's PUBLIC_SPECS; reklama and adverts bring their own.

export const MAX_URLS_PER_FILE = 50_000;
/** Each path yields two URLs (uk and en). */
const PATHS_PER_FILE = MAX_URLS_PER_FILE / 2;

type Source = () => Promise<SitemapEntry[]>;

async function latest(table: StaffTable, categoryId?: number): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`select max(updated_at) as at from ${sql.table(table)}
    where ${publiclyVisible(table)} ${categoryId === undefined ? sql`` : sql`and category_id = ${categoryId}`}`.execute(getDb());
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

async function itemsOf(table: StaffTable): Promise<SitemapEntry[]> {
  const { rows } = await sql<{ slug: string; updated_at: Date }>`select slug, updated_at from ${sql.table(table)}
    where ${publiclyVisible(table)} order by id`.execute(getDb());
  return rows.map((row) => ({ path: publicPathOf(table, row.slug), lastmod: new Date(row.updated_at) }));
}

async function categoriesOf(kind: CategoryKind, table: StaffTable) {
  const { rows } = await sql<{ slug: string; at: Date | null; updated_at: Date }>`
    select c.slug, c.updated_at,
      (select max(t.updated_at) from ${sql.table(table)} t where t.category_id = c.id and ${publiclyVisible(table, "t")}) as at
    from categories c where c.kind = ${kind} order by c.position, c.id`.execute(getDb());
  return rows.map((row) => ({ path: `${publicPathOf(table)}/category/${row.slug}`, lastmod: maxDate(row.at, row.updated_at) }));
}

function maxDate(...dates: Array<Date | string | null | undefined>): Date | null {
  const times = dates.filter(Boolean).map((date) => new Date(date!).getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

/** Staff types the sitemap lists `how` (registry order); adverts, user content, have their own source. */
function listedTypes(how: "list" | "items"): StaffTable[] {
  return typesWithSpec("sitemap").filter(
    (type): type is StaffTable => publicSpec(type).sitemap === how && contentSpec(type).lifecycle === "publishing",
  );
}

/**
 * Where sitemap entries come from, in order: the home page, each listed type's list page and
 * the contacts; their category pages; their items; active reklama; the static pages; adverts.
 */
function sitemapSources(): Source[] {
  const listed = listedTypes("list");
  return [
    async () => {
      const lastChanges = await Promise.all(listed.map((type) => latest(type)));
      return [
        { path: "/", lastmod: maxDate(...lastChanges) },
        ...listed.map((type, index) => ({ path: publicPathOf(type), lastmod: lastChanges[index] ?? null })),
        { path: "/nashi-kontakty", lastmod: null },
      ];
    },
    ...listed.flatMap((type) => (isCategoryType(type) ? [() => categoriesOf(CATEGORY_TYPES[type], type)] : [])),
    ...listed.map((type) => () => itemsOf(type)),
    async () =>
      (await activeReklamaForSitemap()).map((row) => ({ path: publicPathOf("reklama", row.slug), lastmod: new Date(row.updated_at) })),
    // Static pages by slug; privacy-policy is one of them.
    ...listedTypes("items").map((type) => () => itemsOf(type)),
    // Adverts: the list, categories with live adverts, every live advert.
    advertSitemapEntries,
  ];
}

async function sitemapEntries(): Promise<SitemapEntry[]> {
  const lists = await Promise.all(sitemapSources().map((source) => source()));
  const seen = new Set<string>();
  return lists.flat().filter((entry) => !seen.has(entry.path) && seen.add(entry.path));
}

/** W3C datetime, seconds precision, UTC. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function urlElement(origin: string, entry: SitemapEntry, locale: "ua" | "us"): string {
  const uk = escapeXml(new URL(localizePath(entry.path, "ua"), origin).href);
  const en = escapeXml(new URL(localizePath(entry.path, "us"), origin).href);
  return [
    "<url>",
    `<loc>${locale === "ua" ? uk : en}</loc>`,
    entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : "",
    `<xhtml:link rel="alternate" hreflang="uk" href="${uk}"/>`,
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${uk}"/>`,
    "</url>",
  ].join("");
}

export function urlsetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => [urlElement(origin, entry, "ua"), urlElement(origin, entry, "us")]);
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
}

export function sitemapIndexXml(origin: string, files: ReadonlyArray<{ path: string; lastmod: Date | null }>): string {
  const items = files.map(
    (file) =>
      `<sitemap><loc>${escapeXml(new URL(file.path, origin).href)}</loc>${file.lastmod ? `<lastmod>${w3cDate(file.lastmod)}</lastmod>` : ""}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${items.join("\n")}
</sitemapindex>
`;
}

/** Splits entries into files of at most MAX_URLS_PER_FILE URLs (both locales counted). */
export function chunkEntries(entries: readonly SitemapEntry[]): SitemapEntry[][] {
  const chunks: SitemapEntry[][] = [];
  for (let start = 0; start < entries.length; start += PATHS_PER_FILE) chunks.push(entries.slice(start, start + PATHS_PER_FILE));
  return chunks;
}

/** `/sitemap.xml`: the urlset itself, or the index when the URLs do not fit one file. */
export async function sitemapDocument(origin: string): Promise<string> {
  const entries = await sitemapEntries();
  const chunks = chunkEntries(entries);
  if (chunks.length <= 1) return urlsetXml(origin, entries);
  return sitemapIndexXml(
    origin,
    chunks.map((chunk, index) => ({ path: `/sitemap/${index + 1}.xml`, lastmod: maxDate(...chunk.map((entry) => entry.lastmod)) })),
  );
}

/** `/sitemap/<n>.xml` of the index; null when there is no such file. */
export async function sitemapChunk(origin: string, number: number): Promise<string | null> {
  const chunks = chunkEntries(await sitemapEntries());
  if (chunks.length <= 1 || number < 1 || number > chunks.length) return null;
  return urlsetXml(origin, chunks[number - 1]!);
}
