import { sql, type RawBuilder } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { cardBase, itemSeo, publicCards, publicItem, publicRows } from "#app/modules/content/public-cards.server.ts";
import { cardLocation } from "#app/modules/taxonomy/card-taxonomy.ts";
import { placeColumns, placeKm, placeWithin, type NearFilter } from "#app/modules/taxonomy/near.server.ts";
import { itemPoints } from "#app/modules/content/near-list.ts";
import { itemPointSelect } from "#app/modules/content/near-list.server.ts";
import { contactsOf, teaserOf, type DirectoryCard, type DirectoryDetail } from "./cards.ts";
import { fetchListPage } from "#app/platform/lists/list-page.server.ts";
import { isCategoryType, type CategoryType } from "#app/modules/staff-content/registry.ts";
import type { DirectoryType } from "#app/modules/staff-content/public-specs.ts";
import type { Bbox } from "#app/platform/geo/bbox.ts";
import { placeInBbox } from "#app/modules/places/bbox.server.ts";

// The directories (the registry's types with `directory`: services, businesses and
// specialists, and diaspora organisations): one shape, alphabetical by name in the page's
// language. Those with a category kind in the registry (services) have categories.

export type DirectoryTable = DirectoryType;

export function hasCategories(table: DirectoryTable): table is DirectoryTable & CategoryType {
  return isCategoryType(table);
}

// Either table as `d`: its columns are those both tables have; `category_id` is reached through sql.
const visibleEntries = (table: DirectoryTable) => publicRows(table, "d");

function cardQuery(table: DirectoryTable, near: NearFilter | null = null) {
  return publicCards(table, "d").select([
    placeKm(placeColumns("d"), near).as("distance_km"),
    sql<string>`left(d.description_uk, 800)`.as("description_uk_start"),
    sql<string | null>`left(d.description_en, 800)`.as("description_en_start"),
  ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

/** Logos: 160 px on cards, 320 on the entry's page. */
function toCard(row: CardRow, language: Language, logoWidth = 160): DirectoryCard {
  const { title: name, image: logo, ...base } = cardBase(row, language, logoWidth);
  return {
    ...base,
    name,
    logo,
    teaser: teaserOf(row.description_uk_start, row.description_en_start, language),
    location: cardLocation(row, language),
    distanceKm: row.distance_km === null ? null : Number(row.distance_km),
  };
}

function nameOrder(language: Language) {
  return language === "en" ? sql`coalesce(nullif(d.name_en, ''), d.name_uk)` : sql`d.name_uk`;
}

/** A directory list's filters: its category (where it has categories) and the place. */
/** `bbox`: the map's visible area (lists, map points). */
export type DirectoryFilter = { categoryId?: number; near?: NearFilter | null; bbox?: Bbox | null };

/** The one where-builder of a directory's list, for its rows and its count. */
export function directoryFilter(table: DirectoryTable, { categoryId, near, bbox }: DirectoryFilter): RawBuilder<boolean> {
  const conditions: Array<RawBuilder<boolean>> = [];
  if (categoryId !== undefined && hasCategories(table)) conditions.push(sql<boolean>`d.category_id = ${categoryId}`);
  const within = near ? placeWithin(placeColumns("d"), near) : null;
  if (within) conditions.push(within);
  if (bbox) conditions.push(placeInBbox(placeColumns("d"), bbox));
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` and `)})` : sql<boolean>`true`;
}

export async function listDirectory(
  table: DirectoryTable,
  options: DirectoryFilter & {
    language: Language;
    page: number;
    /** Nearest first (distances measured: a place with a point and a radius), then by name. */
    nearest?: boolean;
  },
) {
  const { language, page, near = null } = options;
  const filter = directoryFilter(table, options);
  const count = visibleEntries(table)
    .where(filter)
    .select((eb) => eb.fn.countAll<number>().as("total"));
  const rows = cardQuery(table, near)
    .where(filter)
    .$if(Boolean(options.nearest), (qb) => qb.orderBy(sql`distance_km asc nulls last`))
    .orderBy(nameOrder(language))
    .orderBy("d.id");
  return fetchListPage([table], count, rows, page, (row) => toCard(row, language));
}

/** Newest entries first, for the home page teaser. */
export async function newestInDirectory(table: DirectoryTable, language: Language, limit: number): Promise<DirectoryCard[]> {
  const rows = await cardQuery(table).orderBy("d.created_at", "desc").orderBy("d.id", "desc").limit(limit).execute();
  return rows.map((row) => toCard(row, language));
}

export async function findInDirectory(table: DirectoryTable, slug: string, language: Language): Promise<DirectoryDetail | null> {
  const row = await publicItem(cardQuery(table), "d", slug)
    .select([
      "d.description_uk",
      "d.description_en",
      "d.phone",
      "d.email",
      "d.website",
      "d.address",
      "d.social_links",
      ...itemPointSelect("d"),
    ])
    .executeTakeFirst();
  if (!row) return null;
  const card = toCard(row, language, 320);
  const { point, ownPoint } = itemPoints(row);
  return {
    ...card,
    point,
    ownPoint,
    description: pickLocalized(row.description_uk, row.description_en, language),
    contacts: contactsOf({ ...row, locationName: row.location_name_uk, point: ownPoint }),
    viewCount: row.view_count,
    updatedAt: row.updated_at.toISOString(),
    seo: itemSeo(row, language, () => card.teaser.text),
  };
}
