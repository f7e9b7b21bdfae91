import { sql, type SelectQueryBuilder } from "kysely";
import type { DB } from "#db/schema.ts";
import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { publicSpec, type CardType } from "#app/modules/staff-content/public-specs.ts";
import type { StaffTable } from "#app/modules/staff-content/types.ts";
import { cardCategory, CATEGORY_SELECT, LOCATION_SELECT } from "#app/modules/taxonomy/card-taxonomy.ts";
import { displayImage, IMAGE_SELECT, type ImageColumns } from "#app/platform/images/display-image.ts";
import { pickLocalized, seoTitleOf, type LocalizedText } from "#app/platform/format/localized.ts";
import { publiclyVisible } from "./visibility.server.ts";

// The public reads of the staff content shown as cards (the types with `card` in the
// registry's PUBLIC_SPECS): its public rows (the `publiclyVisible` rule) and the card's
// common part, its id, slug, heading, image (`img`), category (`cat`) and location (`loc`).
// Each content module adds its own columns, filters and order.

/** Staff types shown as cards (adverts have their own, `withFirstPhoto`). */
type CardTable = Extract<CardType, StaffTable>;

/** What a table's card shows: its heading column, image column, category and location columns (null: it has none). */
function cardColumns(table: CardTable) {
  const card = publicSpec(table).card;
  if (!card) throw new Error(`${table} has no public cards`);
  return {
    heading: card.heading,
    image: card.image,
    category: card.category ? "category_id" : null,
    location: card.location ? "location_id" : null,
  };
}

/** `table` as `alias`; for two tables at once (a directory) its columns are those both have. */
type AliasedDb<T extends CardTable, A extends string> = DB & Record<A, DB[T]>;

/**
 * The rows of `table` the public may see now, named `name` in the query. Kysely types a table
 * named in the code; this one is chosen at run time, so the query is typed as news here and as
 * its own table by the exported functions. A raw `sql.table` would type it, but hides the table
 * from the page cache's query recorder.
 */
function visibleRows(table: CardTable, name: string): SelectQueryBuilder<DB, "news", {}> {
  const from = name === table ? getDb().selectFrom(table as "news") : getDb().selectFrom(`${table} as ${name}` as "news");
  return from.where(publiclyVisible(table, name));
}

/** The rows of `table` the public may see now, named `alias` (its own name unless given) in the query. */
export function publicRows<T extends CardTable, A extends string = T>(table: T, alias?: A): SelectQueryBuilder<AliasedDb<T, A>, A, {}> {
  return visibleRows(table, alias ?? table) as SelectQueryBuilder<AliasedDb<T, A>, A, {}>;
}

/** The card's common part on any card table's rows (typed as one table: the joins do not type-check on a table left open). */
function withCardColumns(rows: SelectQueryBuilder<DB, "news", {}>, table: CardTable, name: string) {
  const columns = cardColumns(table);
  const ref = (column: string) => sql.ref(`${name}.${column}`);
  const joinOn = (joined: string, column: string | null) =>
    column ? sql<boolean>`${sql.ref(`${joined}.id`)} = ${ref(column)}` : sql<boolean>`false`;
  return rows
    .leftJoin("images as img", (join) => join.on(joinOn("img", columns.image)))
    .leftJoin("categories as cat", (join) => join.on(joinOn("cat", columns.category)))
    .leftJoin("locations as loc", (join) => join.on(joinOn("loc", columns.location)))
    .select([
      sql<number>`${ref("id")}`.as("id"),
      sql<string>`${ref("slug")}`.as("slug"),
      sql<string>`${ref(`${columns.heading}_uk`)}`.as("title_uk"),
      sql<string | null>`${ref(`${columns.heading}_en`)}`.as("title_en"),
      ...CATEGORY_SELECT,
      ...LOCATION_SELECT,
      ...IMAGE_SELECT,
    ]);
}

type Joined = ReturnType<typeof withCardColumns> extends SelectQueryBuilder<infer D, infer _T, infer O> ? { db: D; columns: O } : never;
type CardQuery<T extends CardTable, A extends string> = SelectQueryBuilder<
  AliasedDb<T, A> & Omit<Joined["db"], keyof DB>,
  A | "img" | "cat" | "loc",
  Joined["columns"]
>;

/**
 * The public rows of `table` with their card's common columns: `id`, `slug`, `title_uk` and
 * `title_en` (a directory entry's name), and the image, category and location columns
 * (`IMAGE_SELECT`, `CATEGORY_SELECT`, `LOCATION_SELECT`; null where the type has none).
 */
export function publicCards<T extends CardTable, A extends string = T>(table: T, alias?: A): CardQuery<T, A> {
  const name = alias ?? table;
  return withCardColumns(visibleRows(table, name), table, name) as CardQuery<T, A>;
}

/**
 * The item with this slug from a card query (`publicCards` and the type's own columns; `alias`
 * names its table), with the columns every item page uses: views, last change, SEO title and description.
 */
export function publicItem<D, T extends keyof D, O>(cards: SelectQueryBuilder<D, T, O>, alias: string, slug: string) {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  return cards
    .select([
      sql<number>`${ref("view_count")}`.as("view_count"),
      sql<Date>`${ref("updated_at")}`.as("updated_at"),
      sql<string | null>`${ref("seo_title_uk")}`.as("seo_title_uk"),
      sql<string | null>`${ref("seo_title_en")}`.as("seo_title_en"),
      sql<string | null>`${ref("seo_description_uk")}`.as("seo_description_uk"),
      sql<string | null>`${ref("seo_description_en")}`.as("seo_description_en"),
    ])
    .where(sql<boolean>`${ref("slug")} = ${slug}`);
}

type ItemSeoColumns = {
  title_uk: string;
  title_en: string | null;
  seo_title_uk: string | null;
  seo_title_en: string | null;
  seo_description_uk: string | null;
  seo_description_en: string | null;
};

/** An item page's title and description for search engines: the SEO fields, else its title and `fallbackDescription`. */
export function itemSeo(row: ItemSeoColumns, language: Language, fallbackDescription: () => string) {
  return {
    ...seoTitleOf(pickLocalized(row.seo_title_uk ?? row.title_uk, row.seo_title_en ?? row.title_en, language)),
    description: pickLocalized(row.seo_description_uk ?? "", row.seo_description_en, language).text || fallbackDescription(),
  };
}

const TAG_TABLES = { news: { table: "news_tags", column: "news_id" }, posters: { table: "poster_tags", column: "poster_id" } } as const;

type TagRow = { slug: string; name_uk: string; name_en: string | null };

/**
 * An item's tags as one column of the item's own query (a JSON array, by Ukrainian name):
 * a second query for them was one more round trip on every uncached item page.
 */
export function tagsColumn(table: keyof typeof TAG_TABLES) {
  const links = TAG_TABLES[table];
  return sql<
    TagRow[] | null
  >`(select json_agg(json_build_object('slug', t.slug, 'name_uk', t.name_uk, 'name_en', t.name_en) order by t.name_uk)
    from ${sql.table(links.table)} as link inner join tags as t on t.id = link.tag_id
    where ${sql.ref(`link.${links.column}`)} = ${sql.ref(`${table}.id`)})`.as("tags");
}

/** The tags of `tagsColumn` in the page's language. */
export function itemTags(tags: TagRow[] | null, language: Language): Array<{ slug: string; name: LocalizedText }> {
  return (tags ?? []).map((tag) => ({ slug: tag.slug, name: pickLocalized(tag.name_uk, tag.name_en, language) }));
}

/** Card images are at most ~36rem wide in the layout: 640 px suits most phones at 2x. */
export const CARD_IMAGE_WIDTH = 640;
/** An item page shows its cover large: up to the 1024 variant in `src`, all widths in srcset. */
export const ITEM_IMAGE_WIDTH = 1024;

type CardColumns = ImageColumns & {
  id: number;
  slug: string;
  title_uk: string;
  title_en: string | null;
  category_slug: string | null;
  category_name_uk: string | null;
  category_name_en: string | null;
};

/** The common part of a card from `publicCards`' columns: its id, slug, heading, image (`imageWidth` wide at most) and category. */
export function cardBase(row: CardColumns, language: Language, imageWidth: number) {
  const title = pickLocalized(row.title_uk, row.title_en, language);
  return {
    id: row.id,
    slug: row.slug,
    title,
    image: displayImage(row, language, imageWidth, title.text),
    category: cardCategory(row, language),
  };
}
