import { sql } from "kysely";
import type { Language } from "~/i18n/locales";
import { pickLocalized, seoTitleOf } from "../content/localized.ts";
import { publiclyVisible } from "../content/visibility.server.ts";
import { getDb } from "../db/db.server.ts";
import { cardCategory, cardLocation, CATEGORY_SELECT, LOCATION_SELECT } from "../listing/card-taxonomy.ts";
import { contactsOf, teaserOf, type DirectoryCard, type DirectoryDetail } from "../listing/directory.ts";
import { displayImage, IMAGE_SELECT } from "../listing/images.ts";
import { fetchListPage } from "../listing/pagination.ts";

// The two directories, services (businesses and specialists) and diaspora organisations:
// one shape, alphabetical by name in the page's language. Only services have categories.

export type DirectoryTable = "services" | "diaspors";

export function hasCategories(table: DirectoryTable): table is "services" {
  return table === "services";
}

function visibleEntries(table: DirectoryTable) {
  // Typed as diaspors, whose columns both tables have; `category_id` is reached through sql.
  return getDb()
    .selectFrom(`${table} as d` as "diaspors as d")
    .where(publiclyVisible(table, "d"));
}

function cardQuery(table: DirectoryTable) {
  return visibleEntries(table)
    .leftJoin("images as img", "img.id", "d.logo_image_id")
    .leftJoin("categories as cat", (join) => join.on(hasCategories(table) ? sql<boolean>`cat.id = d.category_id` : sql<boolean>`false`))
    .leftJoin("locations as loc", "loc.id", "d.location_id")
    .select([
      "d.id",
      "d.slug",
      "d.name_uk",
      "d.name_en",
      sql<string>`left(d.description_uk, 800)`.as("description_uk_start"),
      sql<string | null>`left(d.description_en, 800)`.as("description_en_start"),
      ...CATEGORY_SELECT,
      ...LOCATION_SELECT,
      ...IMAGE_SELECT,
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

function toCard(row: CardRow, language: Language): DirectoryCard {
  const name = pickLocalized(row.name_uk, row.name_en, language);
  return {
    id: row.id,
    slug: row.slug,
    name,
    teaser: teaserOf(row.description_uk_start, row.description_en_start, language),
    location: cardLocation(row, language),
    logo: displayImage(row, language, 160, name.text),
    category: cardCategory(row, language),
  };
}

function nameOrder(language: Language) {
  return language === "en" ? sql`coalesce(nullif(d.name_en, ''), d.name_uk)` : sql`d.name_uk`;
}

export async function listDirectory(
  table: DirectoryTable,
  options: { language: Language; page: number; categoryId?: number; locationId?: number },
) {
  const { language, page, categoryId, locationId } = options;
  let count = visibleEntries(table).select((eb) => eb.fn.countAll<number>().as("total"));
  let rows = cardQuery(table).orderBy(nameOrder(language)).orderBy("d.id");
  if (categoryId !== undefined && hasCategories(table)) {
    count = count.where(sql.ref("d.category_id"), "=", categoryId);
    rows = rows.where(sql.ref("d.category_id"), "=", categoryId);
  }
  if (locationId !== undefined) {
    count = count.where("d.location_id", "=", locationId);
    rows = rows.where("d.location_id", "=", locationId);
  }
  return fetchListPage(count, rows, page, (row) => toCard(row, language));
}

/** Newest entries first, for the home page teaser. */
export async function newestInDirectory(table: DirectoryTable, language: Language, limit: number): Promise<DirectoryCard[]> {
  const rows = await cardQuery(table).orderBy("d.created_at", "desc").orderBy("d.id", "desc").limit(limit).execute();
  return rows.map((row) => toCard(row, language));
}

export async function findInDirectory(table: DirectoryTable, slug: string, language: Language): Promise<DirectoryDetail | null> {
  const row = await cardQuery(table)
    .select([
      "d.description_uk",
      "d.description_en",
      "d.phone",
      "d.email",
      "d.website",
      "d.address",
      "d.social_links",
      "d.view_count",
      "d.updated_at",
      "d.seo_title_uk",
      "d.seo_title_en",
      "d.seo_description_uk",
      "d.seo_description_en",
    ])
    .where("d.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  const card = toCard(row, language);
  return {
    ...card,
    logo: displayImage(row, language, 320, card.name.text),
    description: pickLocalized(row.description_uk, row.description_en, language),
    contacts: contactsOf({ ...row, locationName: row.location_name_uk }),
    viewCount: row.view_count,
    updatedAt: row.updated_at.toISOString(),
    seo: {
      ...seoTitleOf(pickLocalized(row.seo_title_uk ?? row.name_uk, row.seo_title_en ?? row.name_en, language)),
      description: pickLocalized(row.seo_description_uk ?? "", row.seo_description_en, language).text || card.teaser.text,
    },
  };
}
