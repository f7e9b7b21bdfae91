import { sql } from "kysely";
import type { Language } from "~/i18n/locales";
import { pickLocalized, seoTitleOf } from "../content/localized.ts";
import { getDb } from "../db/db.server.ts";
import { contactsOf, teaserOf, type DirectoryCard, type DirectoryDetail } from "../listing/directory.ts";
import { displayImage, IMAGE_SELECT } from "../listing/images.ts";
import { checkPage, offsetOf, PAGE_SIZE } from "../listing/pagination.ts";

// Diaspora organisations and communities, alphabetical by name in the page's language.

function visibleDiaspors() {
  return getDb()
    .selectFrom("diaspors")
    .where("diaspors.status", "=", "published")
    .where("diaspors.deleted_at", "is", null)
    .where((eb) => eb.or([eb("diaspors.published_at", "is", null), eb("diaspors.published_at", "<=", sql<Date>`now()`)]));
}

function cardQuery() {
  return visibleDiaspors()
    .leftJoin("images as img", "img.id", "diaspors.logo_image_id")
    .leftJoin("locations as loc", "loc.id", "diaspors.location_id")
    .select([
      "diaspors.id",
      "diaspors.slug",
      "diaspors.name_uk",
      "diaspors.name_en",
      sql<string>`left(diaspors.description_uk, 800)`.as("description_uk_start"),
      sql<string | null>`left(diaspors.description_en, 800)`.as("description_en_start"),
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
    category: null,
  };
}

function nameOrder(language: Language) {
  return language === "en" ? sql`coalesce(nullif(diaspors.name_en, ''), diaspors.name_uk)` : sql`diaspors.name_uk`;
}

export async function listDiaspors(options: { language: Language; page: number; locationId?: number }) {
  const { language, page, locationId } = options;
  let count = visibleDiaspors().select((eb) => eb.fn.countAll<number>().as("total"));
  let rows = cardQuery().orderBy(nameOrder(language)).orderBy("diaspors.id");
  if (locationId !== undefined) {
    count = count.where("diaspors.location_id", "=", locationId);
    rows = rows.where("diaspors.location_id", "=", locationId);
  }
  const [{ total }, items] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows.limit(PAGE_SIZE).offset(offsetOf(page)).execute(),
  ]);
  return { items: items.map((row) => toCard(row, language)), pagination: checkPage(page, Number(total)) };
}

/** Newest entries first, for the home page teaser. */
export async function newestDiaspors(language: Language, limit: number): Promise<DirectoryCard[]> {
  const rows = await cardQuery().orderBy("diaspors.created_at", "desc").orderBy("diaspors.id", "desc").limit(limit).execute();
  return rows.map((row) => toCard(row, language));
}

export async function findDiaspora(slug: string, language: Language): Promise<DirectoryDetail | null> {
  const row = await cardQuery()
    .select([
      "diaspors.description_uk",
      "diaspors.description_en",
      "diaspors.phone",
      "diaspors.email",
      "diaspors.website",
      "diaspors.address",
      "diaspors.social_links",
      "diaspors.view_count",
      "diaspors.updated_at",
      "diaspors.seo_title_uk",
      "diaspors.seo_title_en",
      "diaspors.seo_description_uk",
      "diaspors.seo_description_en",
    ])
    .where("diaspors.slug", "=", slug)
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
