import { type ExpressionBuilder, sql } from "kysely";
import type { Language } from "~/i18n/locales";
import type { DB } from "../../../db/schema.ts";
import { pickLocalized, seoTitleOf, type LocalizedText } from "../content/localized.ts";
import { publiclyVisible } from "../content/visibility.server.ts";
import { getDb } from "../db/db.server.ts";
import { cardCategory, cardLocation, CATEGORY_SELECT, LOCATION_SELECT } from "../listing/card-taxonomy.ts";
import { formatEventStart, formatTime, siteDay, type DisplayDate } from "../listing/dates.ts";
import { displayImage, IMAGE_SELECT, type DisplayImage } from "../listing/images.ts";
import { notFound } from "../listing/not-found.ts";
import { fetchListPage } from "../listing/pagination.ts";
import { excerpt, stripHtml } from "../listing/text.ts";

// Posters (events). An event is "upcoming" until it is over: its end, or its start when it
// has no end. Lists show upcoming events soonest first; `?when=past` shows past ones, latest first.

export type PosterWhen = "upcoming" | "past";

export type PosterCard = {
  id: number;
  slug: string;
  title: LocalizedText;
  when: DisplayDate;
  venue: LocalizedText | null;
  location: LocalizedText | null;
  price: LocalizedText | null;
  image: DisplayImage | null;
  category: { slug: string; name: LocalizedText } | null;
};

export type PosterDetail = PosterCard & {
  description: LocalizedText;
  startsAt: string;
  endsAt: string | null;
  /** "сб, 05.12.26, 19:00 – 22:00" or a range over days. */
  schedule: string;
  address: string | null;
  ticketUrl: string | null;
  organiser: string | null;
  isPast: boolean;
  viewCount: number;
  updatedAt: string;
  tags: Array<{ slug: string; name: LocalizedText }>;
  seo: { title: string; titleLang: Language; description: string };
};

/** `?when=`: absent means upcoming; anything but "upcoming"/"past" is the SPEC 404. */
export function parseWhen(url: URL): PosterWhen {
  const values = url.searchParams.getAll("when");
  if (values.length === 0) return "upcoming";
  if (values.length === 1 && (values[0] === "upcoming" || values[0] === "past")) return values[0];
  notFound();
}

const overAt = sql<Date>`coalesce(posters.ends_at, posters.starts_at)`;

function visiblePosters() {
  return getDb()
    .selectFrom("posters")
    .where(publiclyVisible("posters"));
}

function cardQuery() {
  return visiblePosters()
    .leftJoin("images as img", "img.id", "posters.cover_image_id")
    .leftJoin("categories as cat", "cat.id", "posters.category_id")
    .leftJoin("locations as loc", "loc.id", "posters.location_id")
    .select([
      "posters.id",
      "posters.slug",
      "posters.title_uk",
      "posters.title_en",
      "posters.starts_at",
      "posters.ends_at",
      "posters.venue_uk",
      "posters.venue_en",
      "posters.price_text_uk",
      "posters.price_text_en",
      ...CATEGORY_SELECT,
      ...LOCATION_SELECT,
      ...IMAGE_SELECT,
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

function optionalText(uk: string | null, en: string | null, language: Language): LocalizedText | null {
  if (!uk?.trim() && !en?.trim()) return null;
  return pickLocalized(uk?.trim() ? uk : en!, en, language);
}

function toCard(row: CardRow, language: Language): PosterCard {
  const title = pickLocalized(row.title_uk, row.title_en, language);
  return {
    id: row.id,
    slug: row.slug,
    title,
    when: { iso: row.starts_at.toISOString(), text: formatEventStart(row.starts_at, language) },
    venue: optionalText(row.venue_uk, row.venue_en, language),
    location: cardLocation(row, language),
    price: optionalText(row.price_text_uk, row.price_text_en, language),
    image: displayImage(row, language, 640, title.text),
    category: cardCategory(row, language),
  };
}

export async function listPosters(options: {
  language: Language;
  page: number;
  when: PosterWhen;
  categoryId?: number;
  locationId?: number;
}) {
  const { language, page, when, categoryId, locationId } = options;
  const filter = (eb: ExpressionBuilder<DB, "posters">) => {
    const conditions = [eb(overAt, when === "past" ? "<" : ">=", sql<Date>`now()`)];
    if (categoryId !== undefined) conditions.push(eb("posters.category_id", "=", categoryId));
    if (locationId !== undefined) conditions.push(eb("posters.location_id", "=", locationId));
    return eb.and(conditions);
  };
  const order = when === "past" ? "desc" : "asc";
  const count = visiblePosters().where(filter).select((eb) => eb.fn.countAll<number>().as("total"));
  const rows = cardQuery().where(filter).orderBy("posters.starts_at", order).orderBy("posters.id", order);
  return fetchListPage(count, rows, page, (row) => toCard(row, language));
}

export async function upcomingPosters(language: Language, limit: number): Promise<PosterCard[]> {
  const rows = await cardQuery()
    .where(overAt, ">=", sql<Date>`now()`)
    .orderBy("posters.starts_at", "asc")
    .orderBy("posters.id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => toCard(row, language));
}

/** "сб, 05.12.26, 19:00 – 22:00" on one day, else both full starts. */
export function scheduleText(startsAt: Date, endsAt: Date | null, language: Language): string {
  const start = formatEventStart(startsAt, language);
  if (!endsAt) return start;
  if (siteDay(startsAt) === siteDay(endsAt)) return `${start} – ${formatTime(endsAt, language)}`;
  return `${start} – ${formatEventStart(endsAt, language)}`;
}

export async function findPoster(slug: string, language: Language): Promise<PosterDetail | null> {
  const row = await cardQuery()
    .select([
      "posters.description_uk",
      "posters.description_en",
      "posters.address",
      "posters.ticket_url",
      "posters.organiser",
      "posters.view_count",
      "posters.updated_at",
      "posters.seo_title_uk",
      "posters.seo_title_en",
      "posters.seo_description_uk",
      "posters.seo_description_en",
      sql<boolean>`coalesce(posters.ends_at, posters.starts_at) < now()`.as("is_past"),
    ])
    .where("posters.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  const tags = await getDb()
    .selectFrom("poster_tags")
    .innerJoin("tags", "tags.id", "poster_tags.tag_id")
    .select(["tags.slug", "tags.name_uk", "tags.name_en"])
    .where("poster_tags.poster_id", "=", row.id)
    .orderBy("tags.name_uk")
    .execute();
  const card = toCard(row, language);
  const description = pickLocalized(row.description_uk, row.description_en, language);
  return {
    ...card,
    image: displayImage(row, language, 1024, card.title.text),
    description,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    schedule: scheduleText(row.starts_at, row.ends_at, language),
    address: row.address,
    ticketUrl: row.ticket_url && /^https?:\/\//i.test(row.ticket_url) ? row.ticket_url : null,
    organiser: row.organiser,
    isPast: row.is_past,
    viewCount: row.view_count,
    updatedAt: row.updated_at.toISOString(),
    tags: tags.map((tag) => ({ slug: tag.slug, name: pickLocalized(tag.name_uk, tag.name_en, language) })),
    seo: {
      ...seoTitleOf(pickLocalized(row.seo_title_uk ?? row.title_uk, row.seo_title_en ?? row.title_en, language)),
      description:
        pickLocalized(row.seo_description_uk ?? "", row.seo_description_en, language).text ||
        excerpt(`${card.when.text}. ${stripHtml(description.text)}`, 160),
    },
  };
}

/** For RSS: upcoming events, soonest first, then the most recent past ones. */
export async function postersForFeed(language: Language, limit = 30) {
  const rows = await cardQuery()
    .select(["posters.description_uk", "posters.description_en", "posters.published_at", "posters.created_at"])
    .where(overAt, ">=", sql<Date>`now()`)
    .orderBy("posters.starts_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toCard(row, language),
    description: pickLocalized(row.description_uk, row.description_en, language),
    schedule: scheduleText(row.starts_at, row.ends_at, language),
    publishedAt: row.published_at ?? row.created_at,
  }));
}
