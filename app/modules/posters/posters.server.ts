import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import type { DB } from "#db/schema.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import {
  CARD_IMAGE_WIDTH,
  cardBase,
  ITEM_IMAGE_WIDTH,
  itemSeo,
  itemTags,
  publicCards,
  tagsColumn,
  publicItem,
  publicRows,
} from "#app/modules/content/public-cards.server.ts";
import { cardLocation } from "#app/modules/taxonomy/card-taxonomy.ts";
import { placeColumns, placeKm, placeWithin, type NearFilter } from "#app/modules/taxonomy/near.server.ts";
import type { GeoPoint } from "#app/platform/geo/radius.ts";
import { itemPoints } from "#app/modules/content/near-list.ts";
import { itemPointSelect } from "#app/modules/content/near-list.server.ts";
import { formatEventStart, formatTime, siteDay } from "#app/platform/format/dates.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { fetchListPage } from "#app/platform/lists/list-page.server.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";
import { eventWhen, type EventWhen } from "./event-when.ts";
import type { Bbox } from "#app/platform/geo/bbox.ts";
import { placeInBbox } from "#app/modules/places/bbox.server.ts";

// Posters (events). An event is "upcoming" until it is over: its end, or its start when it
// has no end, so one that has started and not ended is listed (as ongoing, event-when.ts).
// Lists show upcoming events soonest first; `?when=past` shows past ones, latest first.

export type PosterWhen = "upcoming" | "past";

/** A card's common part (id, slug, title, image, category), with when and where the event is and its price. */
export type PosterCard = ReturnType<typeof cardBase> & {
  when: EventWhen;
  venue: LocalizedText | null;
  location: LocalizedText | null;
  price: LocalizedText | null;
  /** Km from the list's place (its own point, else its city's); null when the list measures none. */
  distanceKm: number | null;
  /** An event another server published (federation): its original page and that server's host. */
  origin: { url: string; host: string } | null;
};

export type PosterDetail = PosterCard & {
  /** Where it is on a map: its own point, else its city's; null without either. */
  point: GeoPoint | null;
  /** Its own point only (an exact address), for the map link. */
  ownPoint: GeoPoint | null;
  description: LocalizedText;
  startsAt: string;
  endsAt: string | null;
  /** "сб, 05.12.26, 19:00 – 22:00" or a range over days. */
  schedule: string;
  address: string | null;
  ticketUrl: string | null;
  organiser: string | null;
  /** Places for "I'm going"; null is no limit. */
  capacity: number | null;
  isPast: boolean;
  /** The shown date is cancelled (every date is, or the one asked for). */
  isCancelled: boolean;
  /** The shown date (poster_occurrences.id): the next one not over, else the last. */
  occurrenceId: number;
  /** The series' RRULE; null for a one-off event. */
  recurrence: string | null;
  /** The shown date's note (why it was cancelled or moved). */
  dateNote: LocalizedText | null;
  /** The shown date's time before it was moved ("сб, 05.12.26, 19:00"); null when not moved. */
  movedFrom: string | null;
  viewCount: number;
  updatedAt: string;
  tags: Array<{ slug: string; name: LocalizedText }>;
  seo: { title: string; titleLang: Language; description: string };
};

/** `?when=`: absent means upcoming; anything but "upcoming"/"past" is the 404. */
export function parseWhen(url: URL): PosterWhen {
  const values = url.searchParams.getAll("when");
  if (values.length === 0) return "upcoming";
  if (values.length === 1 && (values[0] === "upcoming" || values[0] === "past")) return values[0];
  notFound();
}

/** When the shown date is over: its end, else its start. */
const overAt = sql<Date>`coalesce(shown.ends_at, shown.starts_at)`;

/** The order of a poster's dates (`o`) that puts the shown one first: not cancelled, not over, soonest; else the latest. */
export const SHOWN_FIRST =
  "o.cancelled_at is not null, coalesce(o.ends_at, o.starts_at) < now(), case when coalesce(o.ends_at, o.starts_at) >= now() then o.starts_at end, o.starts_at desc";

/**
 * Joins `shown`: the poster's date a card and a page show (poster_occurrences): the next one not
 * over, else the last one; cancelled ones only when no other is left (the page says so). Lists
 * add `shown.cancelled_at is null`, so a series is listed once, at its next date. `occurrenceId`:
 * that date of the poster instead (a page's `?date=`), none when it is not the poster's.
 */
export function withShownDate<Q extends SelectQueryBuilder<DB, "posters", object>>(rows: Q, occurrenceId?: number): Q {
  return rows.leftJoinLateral(
    (eb) =>
      eb
        .selectFrom("poster_occurrences as o")
        .select(["o.id", "o.starts_at", "o.ends_at", "o.original_starts_at", "o.moved_at", "o.cancelled_at", "o.note_uk", "o.note_en"])
        .whereRef("o.poster_id", "=", "posters.id")
        .$if(occurrenceId !== undefined, (qb) => qb.where("o.id", "=", occurrenceId!))
        .orderBy(sql.raw(SHOWN_FIRST))
        .limit(1)
        .as("shown"),
    (join) => join.onTrue(),
  ) as unknown as Q;
}

function cardQuery(near: NearFilter | null = null, occurrenceId?: number) {
  return withShownDate(publicCards("posters"), occurrenceId).select([
    placeKm(placeColumns("posters"), near).as("distance_km"),
    sql<Date>`shown.starts_at`.as("starts_at"),
    sql<Date | null>`shown.ends_at`.as("ends_at"),
    sql<number>`shown.id`.as("occurrence_id"),
    sql<boolean>`posters.recurrence is not null`.as("is_series"),
    "posters.venue_uk",
    "posters.venue_en",
    "posters.price_text_uk",
    "posters.price_text_en",
    "posters.origin_url",
  ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

/** A text that may be empty in both languages (null then), else in the page's language with the other as fallback. */
export function optionalText(uk: string | null, en: string | null, language: Language): LocalizedText | null {
  if (!uk?.trim() && !en?.trim()) return null;
  return pickLocalized(uk?.trim() ? uk : en!, en, language);
}

function toCard(row: CardRow, language: Language, imageWidth = CARD_IMAGE_WIDTH): PosterCard {
  return {
    ...cardBase(row, language, imageWidth),
    when: eventWhen(row.starts_at, row.ends_at, new Date(), language),
    venue: optionalText(row.venue_uk, row.venue_en, language),
    location: cardLocation(row, language),
    price: optionalText(row.price_text_uk, row.price_text_en, language),
    distanceKm: row.distance_km === null ? null : Number(row.distance_km),
    origin: originOf(row.origin_url),
  };
}

function originOf(url: string | null): PosterCard["origin"] {
  const parsed = url ? URL.parse(url) : null;
  return parsed && (parsed.protocol === "https:" || parsed.protocol === "http:") ? { url: parsed.href, host: parsed.host } : null;
}

/**
 * The category and place filters of the lists and the calendar; `bbox`: the map's visible area
 * (lists, map points); `organisationId`: the events of one diaspora organisation (its page, the embed).
 */
export type PosterFilter = { categoryId?: number; near?: NearFilter | null; bbox?: Bbox | null; organisationId?: number };

/** The one where-builder of the lists (rows and count) and the calendar. */
export function posterFilter(when: PosterWhen, { categoryId, near, bbox, organisationId }: PosterFilter) {
  return (eb: ExpressionBuilder<DB, "posters">) => {
    const conditions: Array<Expression<SqlBool>> = [
      sql<SqlBool>`shown.cancelled_at is null`,
      eb(overAt, when === "past" ? "<" : ">=", sql<Date>`now()`),
    ];
    if (categoryId !== undefined) conditions.push(eb("posters.category_id", "=", categoryId));
    if (organisationId !== undefined) conditions.push(eb("posters.organisation_id", "=", organisationId));
    const within = near ? placeWithin(placeColumns("posters"), near) : null;
    if (within) conditions.push(within);
    if (bbox) conditions.push(placeInBbox(placeColumns("posters"), bbox));
    return eb.and(conditions);
  };
}

export async function listPosters(options: {
  language: Language;
  page: number;
  when: PosterWhen;
  categoryId?: number;
  organisationId?: number;
  bbox?: Bbox | null;
  near?: NearFilter | null;
  /** Nearest first (distances measured: a place with a point and a radius), then by date. */
  nearest?: boolean;
}) {
  const { language, page, when, near = null } = options;
  const filter = posterFilter(when, options);
  const order = when === "past" ? "desc" : "asc";
  const count = withShownDate(publicRows("posters"))
    .where(filter)
    .select((eb) => eb.fn.countAll<number>().as("total"));
  const rows = cardQuery(near)
    .where(filter)
    .$if(Boolean(options.nearest), (qb) => qb.orderBy(sql`distance_km asc nulls last`))
    .orderBy(sql`shown.starts_at`, order)
    .orderBy("posters.id", order);
  return fetchListPage(["posters", "poster_occurrences"], count, rows, page, (row) => toCard(row, language));
}

/** The next `limit` events of the filter (all by default), soonest first: the home page, the embed. */
export async function upcomingPosters(language: Language, limit: number, filter: PosterFilter = {}): Promise<PosterCard[]> {
  const rows = await cardQuery(filter.near ?? null)
    .where(posterFilter("upcoming", filter))
    .orderBy(sql`shown.starts_at`, "asc")
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

/** A published poster by slug, at its shown date, or at its date `occurrenceId` (null when it has no such date). */
export async function findPoster(slug: string, language: Language, occurrenceId?: number): Promise<PosterDetail | null> {
  const row = await publicItem(cardQuery(null, occurrenceId), "posters", slug)
    .select([
      "posters.description_uk",
      "posters.description_en",
      "posters.address",
      "posters.ticket_url",
      "posters.organiser",
      "posters.capacity",
      ...itemPointSelect("posters"),
      sql<boolean>`coalesce(${overAt} < now(), true)`.as("is_past"),
      sql<boolean>`shown.cancelled_at is not null`.as("is_cancelled"),
      "posters.recurrence",
      sql<Date>`shown.original_starts_at`.as("original_starts_at"),
      sql<Date | null>`shown.moved_at`.as("moved_at"),
      sql<string | null>`shown.note_uk`.as("note_uk"),
      sql<string | null>`shown.note_en`.as("note_en"),
      tagsColumn("posters"),
    ])
    .executeTakeFirst();
  // Every poster has a date (migrations/0041); a row without one is not shown rather than broken.
  if (!row?.starts_at) return null;
  const card = toCard(row, language, ITEM_IMAGE_WIDTH);
  const description = pickLocalized(row.description_uk, row.description_en, language);
  const { point, ownPoint } = itemPoints(row);
  return {
    ...card,
    point,
    ownPoint,
    description,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    schedule: scheduleText(row.starts_at, row.ends_at, language),
    address: row.address,
    ticketUrl: row.ticket_url && /^https?:\/\//i.test(row.ticket_url) ? row.ticket_url : null,
    organiser: row.organiser,
    capacity: row.capacity,
    isPast: row.is_past,
    isCancelled: row.is_cancelled,
    occurrenceId: row.occurrence_id,
    recurrence: row.recurrence,
    dateNote: optionalText(row.note_uk, row.note_en, language),
    movedFrom: row.moved_at ? formatEventStart(row.original_starts_at, language) : null,
    viewCount: row.view_count,
    updatedAt: row.updated_at.toISOString(),
    tags: itemTags(row.tags, language),
    seo: itemSeo(row, language, () => excerpt(`${card.when.text}. ${stripHtml(description.text)}`, 160)),
  };
}

/** One of a poster's dates, as its page lists them. */
export type PosterDate = {
  id: number;
  startsAt: string;
  endsAt: string | null;
  /** As on the page: "сб, 05.12.26, 19:00 – 22:00". */
  schedule: string;
  cancelled: boolean;
  /** Moved from the rule's date (`originalSchedule` is where it was). */
  moved: boolean;
  originalSchedule: string;
  note: LocalizedText | null;
};

/** A poster's dates that are not over, soonest first, cancelled ones included (the series page lists them). */
export async function comingDates(posterId: number, language: Language, limit = 12): Promise<PosterDate[]> {
  const rows = await getDb()
    .selectFrom("poster_occurrences")
    .selectAll()
    .where("poster_id", "=", posterId)
    .where(sql<Date>`coalesce(ends_at, starts_at)`, ">=", sql<Date>`now()`)
    .orderBy("starts_at")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    schedule: scheduleText(row.starts_at, row.ends_at, language),
    cancelled: row.cancelled_at !== null,
    moved: row.moved_at !== null,
    originalSchedule: formatEventStart(row.original_starts_at, language),
    note: optionalText(row.note_uk, row.note_en, language),
  }));
}

/** For RSS: upcoming events, soonest first, then the most recent past ones. */
export async function postersForFeed(language: Language, limit = 30) {
  const rows = await cardQuery()
    .select(["posters.description_uk", "posters.description_en", "posters.published_at", "posters.created_at"])
    .where(posterFilter("upcoming", {}))
    .orderBy(sql`shown.starts_at`, "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toCard(row, language),
    description: pickLocalized(row.description_uk, row.description_en, language),
    schedule: scheduleText(row.starts_at, row.ends_at, language),
    publishedAt: row.published_at ?? row.created_at,
  }));
}

/** Where the event is, as one line: venue, address, town. */
export function eventPlace(poster: { venue: LocalizedText | null; address: string | null; location: LocalizedText | null }): string | null {
  return [poster.venue?.text, poster.address, poster.location?.text].filter(Boolean).join(", ") || null;
}

/** For the subscribable calendar: every upcoming event of the filter, soonest first. */
export async function postersForCalendar(language: Language, filter: PosterFilter, limit = 500) {
  const rows = await cardQuery(filter.near ?? null)
    .select(["posters.description_uk", "posters.description_en", "posters.address", "posters.updated_at"])
    .where(posterFilter("upcoming", filter))
    .orderBy(sql`shown.starts_at`, "asc")
    .orderBy("posters.id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const card = toCard(row, language);
    return {
      ...card,
      description: pickLocalized(row.description_uk, row.description_en, language),
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at?.toISOString() ?? null,
      address: row.address,
      updatedAt: row.updated_at.toISOString(),
      isSeries: row.is_series,
    };
  });
}
