import { sql, type RawBuilder, type SelectQueryBuilder } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import type { AdvertisementsTable, AdvertKind, AdvertStatus, DB, PriceKind } from "#db/schema.ts";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { cardCategory, cardLocation, CATEGORY_SELECT, LOCATION_SELECT } from "#app/modules/taxonomy/card-taxonomy.ts";
import { displayDate, formatLongDate, type DisplayDate } from "#app/platform/format/dates.ts";
import { displayImage, IMAGE_SELECT, type DisplayImage } from "#app/platform/images/display-image.ts";
import { excerpt } from "#app/platform/format/text.ts";
import { userTextLang } from "#app/platform/format/text-language.ts";
import { ADVERT_TABLES } from "#app/modules/content/versioned-tables.server.ts";
import { cachedTotal } from "#app/platform/lists/list-page.server.ts";
import { imageUrlFor } from "#app/platform/images/urls.ts";
import type { AdvertListQuery } from "./list-query.ts";
import type { FieldFilter } from "./category-field-filters.ts";
import { fieldMatches, type FieldFilters } from "./field-matches.server.ts";
import { formatAmount, type Currency } from "./price.ts";
import { fieldPriceText, PRICE_FIELD_KEYS, type FieldPriceValue } from "./field-price.ts";
import { effectiveStatus } from "./status.ts";
import { kindHasPrice } from "./kinds.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";
import { cityWithin, measuredFrom, placeKm, type NearFilter } from "#app/modules/taxonomy/near.server.ts";

// Public reads of adverts. "Live" means published, publication time reached and not yet
// expired, decided by expires_at in the query itself: nothing depends on a job having run.

export const ADVERT_PAGE_SIZE = 24;
/** Card images: at most ~23rem wide, 2x for dense screens. */
const CARD_IMAGE_WIDTH = 640;
/** The gallery's main image: the text column (48rem) at 2x. */
const GALLERY_IMAGE_WIDTH = 1024;

type AdvertsQuery = SelectQueryBuilder<DB & { a: AdvertisementsTable }, "a", {}>;

/** A live advert, for `alias`: expiry is decided here, at read time; staff-deleted ones never are. */
export function liveAdvert(alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`${column("status")} = 'published' and ${column("deleted_at")} is null and ${column("published_at")} <= now() and (${column("expires_at")} is null or ${column("expires_at")} > now())`;
}

export const LIVE_ADVERT = liveAdvert("a");

export type PriceLabels = { free: string; negotiable: string };
/** `amount` and `currency` are set for a stated amount (structured data needs them). */
export type PriceView = { kind: PriceKind; text: string; amount?: string; currency?: Currency };

export function priceView(
  row: { price_kind: PriceKind; price_amount: string | null; price_currency: Currency | null },
  language: Language,
  labels: PriceLabels,
): PriceView {
  if (row.price_kind === "free") return { kind: "free", text: labels.free };
  if (row.price_kind === "negotiable" || row.price_amount === null || row.price_currency === null) {
    return { kind: "negotiable", text: labels.negotiable };
  }
  return {
    kind: "amount",
    text: formatAmount(row.price_amount, row.price_currency, language),
    amount: row.price_amount,
    currency: row.price_currency,
  };
}

export type AdvertCard = {
  id: number;
  slug: string;
  /** User text, in either language whatever the page's. */
  title: string;
  /** The title's language where it is not the page's (for its `lang`); absent otherwise. */
  titleLang?: Language;
  excerpt: string;
  /** What it is (kinds.ts): cards and the page show a badge for every kind but an offer. */
  kind: AdvertKind;
  price: PriceView;
  location: LocalizedText | null;
  category: { slug: string; name: LocalizedText } | null;
  /** Km from the list's place to the advert's city, when the list measures (a radius or any distance); else null. */
  distanceKm: number | null;
  date: DisplayDate | null;
  image: DisplayImage | null;
  photoCount: number;
};

/** An advert's first photo joined `as img`, with its image columns (`IMAGE_SELECT`; null without photos). */
export function withFirstPhoto(base: AdvertsQuery) {
  return base
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("advertisement_images as ai")
          .innerJoin("images", "images.id", "ai.image_id")
          .select(["images.key", "images.width", "images.height", "images.variants", "images.alt_uk", "images.alt_en"])
          .whereRef("ai.advertisement_id", "=", "a.id")
          .orderBy("ai.position")
          .orderBy("ai.image_id")
          .limit(1)
          .as("img"),
      (join) => join.onTrue(),
    )
    .select(IMAGE_SELECT);
}

/** Cards of `base`; with a `near` filter that measures, each card's km from its place (its city's point, `loc`). */
export function cardQuery(base: AdvertsQuery, near: NearFilter | null = null) {
  return withFirstPhoto(base)
    .leftJoin("categories as cat", "cat.id", "a.category_id")
    .leftJoin("locations as loc", "loc.id", "a.location_id")
    .select((eb) => [
      "a.id",
      "a.slug",
      "a.title",
      "a.kind",
      sql<string>`left(a.description, 400)`.as("description_start"),
      "a.price_kind",
      "a.price_amount",
      "a.price_currency",
      "a.published_at",
      "a.status",
      "a.expires_at",
      ...CATEGORY_SELECT,
      ...LOCATION_SELECT,
      placeKm(null, near).as("distance_km"),
      // The values of the fields that state its price (field-price.ts), in the fields' order.
      sql<FieldPriceValue[] | null>`(
        select json_agg(json_build_object('value', v.number_value::text, 'unit_uk', f.unit_uk, 'unit_en', f.unit_en) order by f.position, f.id)
        from advert_field_values v join advert_fields f on f.id = v.field_id
        where v.advertisement_id = a.id and v.number_value is not null and f.removed_at is null
          and f.kind = 'number' and f.key in (${sql.join(PRICE_FIELD_KEYS)})
      )`.as("field_price"),
      eb
        .selectFrom("advertisement_images as ac")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("ac.advertisement_id", "=", "a.id")
        .as("photo_count"),
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["execute"]>>[number];

/** The price its own fields state, in their unit's spelling, or else the advert's price. */
function cardPrice(row: CardRow, language: Language, labels: PriceLabels): PriceView {
  const view = priceView(row, language, labels);
  // A gift is free whatever its category's price fields hold.
  const text = kindHasPrice(row.kind) ? fieldPriceText(row.field_price ?? [], view.currency ?? null, language) : null;
  return text === null ? view : { ...view, text };
}

export function toCard(row: CardRow, language: Language, labels: PriceLabels): AdvertCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    titleLang: userTextLang(row.title, language),
    excerpt: excerpt(row.description_start.replace(/\s+/g, " ").trim(), 140),
    kind: row.kind,
    price: cardPrice(row, language, labels),
    location: cardLocation(row, language),
    category: cardCategory(row, language),
    distanceKm: row.distance_km === null ? null : Number(row.distance_km),
    date: row.published_at ? displayDate(new Date(row.published_at), language) : null,
    image: displayImage(row, language, CARD_IMAGE_WIDTH, row.title),
    photoCount: Number(row.photo_count ?? 0),
  };
}

export function liveAdverts(): AdvertsQuery {
  return getDb().selectFrom("advertisements as a").where(LIVE_ADVERT);
}

/** A live advert as its card, with its owner (kept on the server); null when it is not live. */
export async function liveAdvertCard(
  advertId: number,
  language: Language,
  labels: PriceLabels,
): Promise<(AdvertCard & { ownerId: number }) | null> {
  const row = await cardQuery(liveAdverts().where("a.id", "=", advertId))
    .select("a.owner_id")
    .executeTakeFirst();
  return row ? { ...toCard(row, language, labels), ownerId: row.owner_id } : null;
}

export type AdvertListFilters = Omit<AdvertListQuery, "near" | "radius" | "fields" | "kind"> & {
  /** Absent or null: every kind. */
  kind?: AdvertKind | null;
  categoryIds?: number[];
  /** The place and radius as the loader parsed them (taxonomy/near.server.ts); absent or null: everywhere. */
  near?: NearFilter | null;
  fieldFilters?: readonly FieldFilter[];
};

function fieldFiltersOf(filters: AdvertListFilters): FieldFilters | null {
  const fieldFilters = filters.fieldFilters ?? [];
  return fieldFilters.length ? (fieldFilters as FieldFilters) : null;
}

/**
 * Field filters and at most a category and a place (or the cities within a radius of it): then
 * the values alone answer which adverts match (field-matches.server.ts). Nearest first needs the
 * cities' points, which the values do not carry: that order goes through the adverts.
 */
function onlyFieldFilters(filters: AdvertListFilters): FieldFilters | null {
  const narrowsAdverts = filters.kind || filters.currency || filters.minPrice !== null || filters.maxPrice !== null || filters.withPhotos;
  return narrowsAdverts || byDistance(filters) ? null : fieldFiltersOf(filters);
}

/** Whether the list is ordered nearest first: asked for, and the filter measures from a place with a point. */
function byDistance(filters: Pick<AdvertListFilters, "sort" | "near">): boolean {
  return filters.sort === "nearest" && measuredFrom(filters.near ?? null) !== null;
}

/** The list's where-builder: the lists, their counts and the saved-search alerts all narrow adverts here. */
export function applyAdvertFilters(query: AdvertsQuery, filters: AdvertListFilters): AdvertsQuery {
  let q = query;
  if (filters.categoryIds) q = q.where("a.category_id", "in", filters.categoryIds.length ? filters.categoryIds : [-1]);
  const place = filters.near ? cityWithin(sql.ref("a.location_id"), filters.near) : null;
  if (place) q = q.where(place);
  if (filters.kind) q = q.where("a.kind", "=", filters.kind);
  if (filters.currency) q = q.where("a.price_kind", "=", "amount").where("a.price_currency", "=", filters.currency);
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    q = q.where("a.price_kind", "=", "amount");
    if (filters.minPrice !== null) q = q.where("a.price_amount", ">=", String(filters.minPrice));
    if (filters.maxPrice !== null) q = q.where("a.price_amount", "<=", String(filters.maxPrice));
  }
  if (filters.withPhotos) {
    q = q.where((eb) =>
      eb.exists(eb.selectFrom("advertisement_images as ap").select("ap.image_id").whereRef("ap.advertisement_id", "=", "a.id")),
    );
  }
  const fieldFilters = fieldFiltersOf(filters);
  if (fieldFilters) q = q.where("a.id", "in", fieldMatches(fieldFilters, filters).select("v0.advertisement_id"));
  return q;
}

/** A category and the categories under it (a parent's page lists its children's adverts too). */
export async function categoryWithDescendants(categoryId: number): Promise<number[]> {
  const rows = await getDb().selectFrom("categories").select(["id", "parent_id"]).where("kind", "=", "advertisement").execute();
  const ids = [categoryId];
  for (let index = 0; index < ids.length; index++) {
    for (const row of rows) if (row.parent_id === ids[index] && !ids.includes(row.id)) ids.push(row.id);
  }
  return ids;
}

/**
 * The list order's columns, on the adverts (`a`), on their values' copies (`v0`,
 * field-matches.server.ts) or on a city's share of a page (`p`, `pageIdsByCity`). Free counts
 * as the cheapest; negotiable prices sort last either way.
 */
const ORDER_COLUMNS = {
  a: { price: sql`case a.price_kind when 'free' then 0 when 'amount' then a.price_amount end`, raised: sql`a.raised_at`, id: sql`a.id` },
  v0: { price: sql`v0.sort_price`, raised: sql`v0.raised_at`, id: sql`v0.advertisement_id` },
  p: { price: sql`p.sort_price`, raised: sql`p.raised_at`, id: sql`p.id` },
};

/**
 * Orders adverts as the lists do: by the chosen price order (or nearest first, by `distance`
 * when given), then the last raised first.
 */
function inListOrder<Q extends { orderBy: (expression: any) => Q }>(
  query: Q,
  sort: AdvertListFilters["sort"],
  on: keyof typeof ORDER_COLUMNS = "a",
  distance: RawBuilder<unknown> | null = null,
): Q {
  const { price, raised, id } = ORDER_COLUMNS[on];
  let ordered = query;
  if (sort === "nearest" && distance) ordered = ordered.orderBy(sql`${distance} asc nulls last`);
  if (sort === "cheapest") ordered = ordered.orderBy(sql`${price} asc nulls last`);
  if (sort === "expensive") ordered = ordered.orderBy(sql`${price} desc nulls last`);
  return ordered.orderBy(sql`${raised} desc`).orderBy(sql`${id} desc`);
}

/**
 * The cities the near filter reaches (all of them for `any`), each with its km from the place
 * (null without a point): a distance is measured once per city, not once per advert.
 */
function citiesFrom(near: NearFilter) {
  const within = cityWithin(sql.ref("loc.id"), near);
  const cities = getDb()
    .selectFrom("locations as loc")
    .select(["loc.id", placeKm(null, near).as("km")]);
  return within ? cities.where(within) : cities;
}

/**
 * A page of a list within a radius, city by city: each city's first `offset + 24` adverts in
 * list order (read in that order from the partial index on place and raising time, migrations/0040),
 * then the page from those (nearest first by the city's distance, when asked). The list's top
 * adverts are among each city's top ones, so this is the page the plain query would choose,
 * without sorting the thousands of adverts of a big city's neighbourhood.
 */
function pageIdsByCity(filters: AdvertListFilters, near: NearFilter, offset: number) {
  const perCity = inListOrder(
    applyAdvertFilters(liveAdverts(), { ...filters, near: null })
      .where(sql<boolean>`a.location_id = c.id`)
      .select(["a.id", "a.raised_at", ORDER_COLUMNS.a.price.as("sort_price")]),
    filters.sort,
  ).limit(offset + ADVERT_PAGE_SIZE);
  return inListOrder(
    getDb()
      .selectFrom(citiesFrom(near).as("c"))
      .innerJoinLateral(perCity.as("p"), (join) => join.onTrue())
      .select("p.id"),
    filters.sort,
    "p",
    sql`c.km`,
  )
    .limit(ADVERT_PAGE_SIZE)
    .offset(offset);
}

/**
 * A list page's two questions: its cards (`rows`) and how many adverts match (`count`). The
 * page's ids are chosen first and only those 24 get their card's joins (photo, category,
 * place): a filter matching thousands of adverts would otherwise join every one before sorting.
 * A list narrowed by field filters (and at most a category and a place) is counted, and its
 * page chosen, from the values' copies without reading advertisements; the page's cards still
 * pass LIVE_ADVERT. A list within a radius chooses its page city by city (`pageIdsByCity`);
 * nearest first at any distance orders by each city's distance (`citiesFrom`). The cards carry
 * the distance whenever the place filter measures.
 */
export function advertListQueries(filters: AdvertListFilters, page: number) {
  const filtered = applyAdvertFilters(liveAdverts(), filters);
  const offset = offsetOf(page, ADVERT_PAGE_SIZE);
  const byValues = onlyFieldFilters(filters);
  const matches = byValues && fieldMatches(byValues, filters);
  const near = filters.near ?? null;
  const nearest = byDistance(filters);
  const withinRadius = near && typeof near.radius === "number" && near.place.point ? near : null;
  const pageIds = matches
    ? inListOrder(matches.select("v0.advertisement_id as id"), filters.sort, "v0").limit(ADVERT_PAGE_SIZE).offset(offset)
    : withinRadius
      ? pageIdsByCity(filters, withinRadius, offset)
      : inListOrder(
          near && nearest ? filtered.leftJoin(citiesFrom(near).as("c"), "c.id", "a.location_id").select("a.id") : filtered.select("a.id"),
          filters.sort,
          "a",
          near && nearest ? sql`c.km` : null,
        )
          .limit(ADVERT_PAGE_SIZE)
          .offset(offset);
  return {
    /** The page's ids alone (what `rows` reads its cards by; the bench times it apart). */
    pageIds,
    rows: inListOrder(cardQuery(liveAdverts().where("a.id", "in", pageIds), near), filters.sort, "a", nearest ? placeKm(null, near) : null),
    count: matches
      ? matches.select((eb) => eb.fn.countAll<number>().as("total"))
      : filtered.select((eb) => eb.fn.countAll<number>().as("total")),
  };
}

export async function listLiveAdverts(options: { filters: AdvertListFilters; page: number; language: Language; labels: PriceLabels }) {
  const { filters, page, language, labels } = options;
  const { rows, count } = advertListQueries(filters, page);
  const [total, items] = await Promise.all([cachedTotal(ADVERT_TABLES, count), rows.execute()]);
  return { items: items.map((row) => toCard(row, language, labels)), total };
}

export async function newestAdverts(language: Language, labels: PriceLabels, limit: number): Promise<AdvertCard[]> {
  const rows = await cardQuery(liveAdverts()).orderBy("a.raised_at", "desc").orderBy("a.id", "desc").limit(limit).execute();
  return rows.map((row) => toCard(row, language, labels));
}

/** Live adverts of the same category, freshest (last raised) first. */
export async function similarAdverts(
  advert: { id: number; categoryId: number },
  language: Language,
  labels: PriceLabels,
  limit = 4,
): Promise<AdvertCard[]> {
  const rows = await cardQuery(liveAdverts().where("a.category_id", "=", advert.categoryId).where("a.id", "<>", advert.id))
    .orderBy("a.raised_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toCard(row, language, labels));
}

/** A photo of the gallery: the display image and the largest stored variant (the lightbox, the no-JS link). */
export type GalleryPhoto = DisplayImage & { id: number; full: string };

type PhotoRow = {
  id: number;
  image_key: string;
  image_width: number | null;
  image_height: number | null;
  image_variants: number[] | null;
  image_alt_uk: string | null;
  image_alt_en: string | null;
};

/**
 * The advert's photos in gallery order, as a JSON column of its own query: an advert page
 * asked for them apart, one more round trip (a socket write and a parse on both sides).
 */
function photosColumn() {
  return sql<
    PhotoRow[] | null
  >`(select json_agg(json_build_object('id', img.id, 'image_key', img.key, 'image_width', img.width, 'image_height', img.height,
      'image_variants', img.variants, 'image_alt_uk', img.alt_uk, 'image_alt_en', img.alt_en) order by ai.position, ai.image_id)
    from advertisement_images as ai inner join images as img on img.id = ai.image_id
    where ai.advertisement_id = a.id)`.as("photos");
}

function galleryPhotos(rows: PhotoRow[] | null, language: Language, title: string): GalleryPhoto[] {
  return (rows ?? []).flatMap((row, index) => {
    const image = displayImage(row, language, GALLERY_IMAGE_WIDTH, `${title} — ${index + 1}`);
    return image ? [{ ...image, id: row.id, full: imageUrlFor({ key: row.image_key, variants: row.image_variants ?? [] }, 1600) }] : [];
  });
}

/** What the advert page sends to the browser: no owner id, and no email or phone (they are revealed by a post). */
export type AdvertDetail = AdvertCard & {
  categoryId: number;
  description: string;
  descriptionLang?: Language;
  /** Effective: a published advert past its expiry reads "expired". */
  status: AdvertStatus;
  rejectionReason: string | null;
  viewCount: number;
  publishedAt: string | null;
  longDate: string | null;
  expiresAt: string | null;
  updatedAt: string;
  contact: AdvertContact;
};

export type AdvertContact = { name: string; hasEmail: boolean; hasPhone: boolean };

/**
 * The advert with this slug in any status (not deleted by staff), and its owner's id for the
 * caller, which decides who may see it; the id stays on the server.
 */
export async function findAdvertBySlug(
  slug: string,
  language: Language,
  labels: PriceLabels,
): Promise<{ advert: AdvertDetail; photos: GalleryPhoto[]; ownerId: number; sellerId: string | null } | null> {
  const row = await cardQuery(getDb().selectFrom("advertisements as a").where("a.deleted_at", "is", null))
    // The seller page's random id; a blocked account has none to link to.
    .leftJoin("users as owner", (join) => join.onRef("owner.id", "=", "a.owner_id").on("owner.blocked_at", "is", null))
    .select("owner.public_id as seller_id")
    .select(photosColumn())
    .select([
      "a.category_id",
      "a.owner_id",
      "a.description",
      "a.rejection_reason",
      "a.view_count",
      "a.updated_at",
      "a.contact_name",
      "a.email",
      "a.phone",
      "a.show_phone",
    ])
    .where("a.slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  const card = toCard(row, language, labels);
  const publishedAt = row.published_at ? new Date(row.published_at) : null;
  const advert: AdvertDetail = {
    ...card,
    categoryId: row.category_id,
    description: row.description,
    descriptionLang: userTextLang(row.description, language),
    status: effectiveStatus(row.status, row.expires_at),
    rejectionReason: row.rejection_reason,
    viewCount: row.view_count,
    publishedAt: publishedAt?.toISOString() ?? null,
    longDate: publishedAt ? formatLongDate(publishedAt, language) : null,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    updatedAt: new Date(row.updated_at).toISOString(),
    contact: { name: row.contact_name, hasEmail: Boolean(row.email), hasPhone: Boolean(row.show_phone && row.phone) },
  };
  return { advert, photos: galleryPhotos(row.photos, language, advert.title), ownerId: row.owner_id, sellerId: row.seller_id };
}

/** Newest live adverts for the RSS feed. */
export async function advertsForFeed(limit = 50) {
  return liveAdverts()
    .leftJoin("categories as cat", "cat.id", "a.category_id")
    .select([
      "a.slug",
      "a.title",
      "a.description",
      "a.published_at",
      "a.price_kind",
      "a.price_amount",
      "a.price_currency",
      "cat.name_uk as category_name_uk",
      "cat.name_en as category_name_en",
    ])
    .orderBy("a.published_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}

/** Live adverts for sitemap.xml, and the categories that have any. */
export async function advertSitemapRows() {
  const db = getDb();
  const [items, categories, newest] = await Promise.all([
    liveAdverts().select(["a.slug", "a.updated_at"]).orderBy("a.id").execute(),
    db
      .selectFrom("categories as c")
      .select((eb) => [
        "c.slug",
        "c.updated_at",
        eb
          .selectFrom("advertisements as a")
          .where(LIVE_ADVERT)
          .select((inner) => inner.fn.max("a.updated_at").as("at"))
          .where((inner) =>
            inner.or([
              inner("a.category_id", "=", inner.ref("c.id")),
              inner(
                "a.category_id",
                "in",
                inner.selectFrom("categories as child").select("child.id").whereRef("child.parent_id", "=", "c.id"),
              ),
            ]),
          )
          .as("at"),
      ])
      .where("c.kind", "=", "advertisement")
      .orderBy("c.position")
      .orderBy("c.id")
      .execute(),
    liveAdverts()
      .select((eb) => eb.fn.max("a.updated_at").as("at"))
      .executeTakeFirst(),
  ]);
  return { items, categories, newest: newest?.at ? new Date(newest.at) : null };
}
