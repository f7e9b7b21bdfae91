import { sql } from "kysely";
import type { Language } from "~/i18n/locales";
import { pickLocalized, seoTitleOf } from "../content/localized.ts";
import { getDb } from "../db/db.server.ts";
import { contactsOf, teaserOf, type DirectoryCard, type DirectoryDetail } from "../listing/directory.ts";
import { displayImage, IMAGE_SELECT } from "../listing/images.ts";
import { checkPage, offsetOf, PAGE_SIZE } from "../listing/pagination.ts";

// The services directory (businesses and specialists), alphabetical by name in the page's language.

function visibleServices() {
  return getDb()
    .selectFrom("services")
    .where("services.status", "=", "published")
    .where("services.deleted_at", "is", null)
    .where((eb) => eb.or([eb("services.published_at", "is", null), eb("services.published_at", "<=", sql<Date>`now()`)]));
}

function cardQuery() {
  return visibleServices()
    .leftJoin("images as img", "img.id", "services.logo_image_id")
    .leftJoin("categories as cat", "cat.id", "services.category_id")
    .leftJoin("locations as loc", "loc.id", "services.location_id")
    .select([
      "services.id",
      "services.slug",
      "services.name_uk",
      "services.name_en",
      sql<string>`left(services.description_uk, 800)`.as("description_uk_start"),
      sql<string | null>`left(services.description_en, 800)`.as("description_en_start"),
      "cat.slug as category_slug",
      "cat.name_uk as category_name_uk",
      "cat.name_en as category_name_en",
      "loc.name_uk as location_name_uk",
      "loc.name_en as location_name_en",
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
    location: row.location_name_uk ? pickLocalized(row.location_name_uk, row.location_name_en, language) : null,
    logo: displayImage(row, language, 160, name.text),
    category: row.category_slug
      ? { slug: row.category_slug, name: pickLocalized(row.category_name_uk!, row.category_name_en, language) }
      : null,
  };
}

function nameOrder(language: Language) {
  return language === "en" ? sql`coalesce(nullif(services.name_en, ''), services.name_uk)` : sql`services.name_uk`;
}

export async function listServices(options: { language: Language; page: number; categoryId?: number; locationId?: number }) {
  const { language, page, categoryId, locationId } = options;
  let count = visibleServices().select((eb) => eb.fn.countAll<number>().as("total"));
  let rows = cardQuery().orderBy(nameOrder(language)).orderBy("services.id");
  if (categoryId !== undefined) {
    count = count.where("services.category_id", "=", categoryId);
    rows = rows.where("services.category_id", "=", categoryId);
  }
  if (locationId !== undefined) {
    count = count.where("services.location_id", "=", locationId);
    rows = rows.where("services.location_id", "=", locationId);
  }
  const [{ total }, items] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows.limit(PAGE_SIZE).offset(offsetOf(page)).execute(),
  ]);
  return { items: items.map((row) => toCard(row, language)), pagination: checkPage(page, Number(total)) };
}

/** Newest entries first, for the home page teaser. */
export async function newestServices(language: Language, limit: number): Promise<DirectoryCard[]> {
  const rows = await cardQuery().orderBy("services.created_at", "desc").orderBy("services.id", "desc").limit(limit).execute();
  return rows.map((row) => toCard(row, language));
}

export async function findService(slug: string, language: Language): Promise<DirectoryDetail | null> {
  const row = await cardQuery()
    .select([
      "services.description_uk",
      "services.description_en",
      "services.phone",
      "services.email",
      "services.website",
      "services.address",
      "services.social_links",
      "services.view_count",
      "services.updated_at",
      "services.seo_title_uk",
      "services.seo_title_en",
      "services.seo_description_uk",
      "services.seo_description_en",
    ])
    .where("services.slug", "=", slug)
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
