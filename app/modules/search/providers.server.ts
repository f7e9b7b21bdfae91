import type { Expression, SqlBool } from "kysely";
import { SHOWN_FIRST } from "#app/modules/posters/posters.server.ts";
import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { formatAmount, isCurrency } from "#app/modules/adverts/price.ts";
import { liveAdvert } from "#app/modules/adverts/queries.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { displayDate, formatEventStart, type DisplayDate } from "#app/platform/format/dates.ts";
import { displayImage, type DisplayImage, type ImageColumns } from "#app/platform/images/display-image.ts";
import { stripHtml } from "#app/platform/format/text.ts";
import { isCategoryType, publicPathOf, publicSection, type SearchType } from "#app/modules/staff-content/registry.ts";
import { isDirectoryType, type DirectoryType } from "#app/modules/staff-content/public-specs.ts";
import { hasHit, highlight, snippetAround, searchTypes, type Highlighted, type SearchCategory } from "./query.ts";

// What each search category searches (table, visibility, recency order) and how a match is
// shown. The categories are the registry's types with `search`; news, posters and adverts
// show their hits their own way, every directory type (`directory`) the directory's way.

/** At most this many matches, the newest, are ever ranked or paged through. */
export const CANDIDATE_LIMIT = 480;

export type SearchHit = {
  path: string;
  title: { parts: Highlighted; lang: Language };
  snippet: { parts: Highlighted; lang: Language } | null;
  date: DisplayDate | null;
  /** Event start, place, price: a short line under the title. */
  meta: string | null;
  /** A small picture: the cover, logo or first photo. */
  image: DisplayImage | null;
  /** Where the item belongs: its category (or, for diaspora organisations, its place). */
  section: LocalizedText | null;
};

/** A hit's row: the provider's columns plus the picture columns of EXTRA_COLUMNS. */
export type Row = Record<string, unknown> & ImageColumns & { id: number; slug: string };

export type Provider = {
  table: string;
  /** Conditions on alias `t` for an item to be public. */
  visible: Expression<SqlBool>;
  /** The column (of `t`) that orders candidates, newest first. */
  recency: string;
  /** Columns (of `t` and the joined `img` and `cat`) to show a hit. */
  columns: string;
  /** Joins (`img`: the picture, `cat`: the category or place) for the shown hits only. */
  joins: string;
  toHit(row: Row, language: Language, words: readonly string[]): SearchHit;
};

/** The picture and category columns every provider selects (see `joins`). */
const EXTRA_COLUMNS =
  "img.key as image_key, img.width as image_width, img.height as image_height, img.variants as image_variants, img.alt_uk as image_alt_uk, img.alt_en as image_alt_en, cat.name_uk as section_uk, cat.name_en as section_en";

function joins(image: string, section: string): string {
  return `left join images img on img.id = ${image} left join ${section} cat on cat.id = t.${section === "locations" ? "location_id" : "category_id"}`;
}

/** Thumbnails are shown about 96 CSS pixels wide. */
const THUMB_WIDTH = 192;

function extras(row: Row, language: Language): Pick<SearchHit, "image" | "section"> {
  return {
    image: displayImage(row, language, THUMB_WIDTH),
    section: typeof row.section_uk === "string" ? pickLocalized(row.section_uk, text(row.section_en) || null, language) : null,
  };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The first text (page language first) that contains a hit, else the first non-empty one. */
function pickSnippet(texts: LocalizedText[], words: readonly string[]): { parts: Highlighted; lang: Language } | null {
  const present = texts.filter((candidate) => candidate.text.trim() !== "");
  const chosen = present.find((candidate) => hasHit(candidate.text, words)) ?? present[0];
  if (!chosen) return null;
  return { parts: highlight(snippetAround(chosen.text, words), words), lang: chosen.lang };
}

function bilingual(row: Row, uk: string, en: string, language: Language, html = false): LocalizedText[] {
  const clean = (value: unknown) => (html ? stripHtml(text(value)) : text(value));
  const own = pickLocalized(clean(row[uk]), clean(row[en]) || null, language);
  const other: LocalizedText = own.lang === "uk" ? { text: clean(row[en]), lang: "en" } : { text: clean(row[uk]), lang: "uk" };
  return [own, other];
}

function titleOf(row: Row, uk: string, en: string, language: Language, words: readonly string[]) {
  const title = pickLocalized(text(row[uk]), text(row[en]) || null, language);
  return { parts: highlight(title.text, words), lang: title.lang };
}

/** A directory (services, diaspora organisations): the same shape, searched the same way; its section is its category, else its place. */
function directoryProvider(table: DirectoryType): Provider {
  return {
    table,
    visible: publiclyVisible(table, "t"),
    recency: "t.id",
    columns: `t.name_uk, t.name_en, left(t.description_uk, 20000) as description_uk, left(t.description_en, 20000) as description_en, t.address, t.published_at, ${EXTRA_COLUMNS}`,
    joins: joins("t.logo_image_id", isCategoryType(table) ? "categories" : "locations"),
    toHit(row, language, words) {
      return {
        path: publicPathOf(table, row.slug),
        title: titleOf(row, "name_uk", "name_en", language, words),
        snippet: pickSnippet(
          [
            ...bilingual(row, "description_uk", "description_en", language, true),
            { text: text(row.address), lang: language },
            ...bilingual(row, "name_uk", "name_en", language).slice(1),
          ],
          words,
        ),
        date: row.published_at ? displayDate(row.published_at as Date, language) : null,
        meta: text(row.address) || null,
        ...extras(row, language),
      };
    },
  };
}

/** The types whose hits show their own way. */
const OWN_PROVIDERS: Partial<Record<SearchType, Provider>> = {
  news: {
    table: "news",
    visible: publiclyVisible("news", "t"),
    recency: "t.published_at",
    columns: `t.title_uk, t.title_en, t.summary_uk, t.summary_en, left(t.body_uk, 20000) as body_uk, left(t.body_en, 20000) as body_en, t.published_at, ${EXTRA_COLUMNS}`,
    joins: joins("t.cover_image_id", "categories"),
    toHit(row, language, words) {
      return {
        path: publicPathOf("news", row.slug),
        title: titleOf(row, "title_uk", "title_en", language, words),
        snippet: pickSnippet(
          [
            ...bilingual(row, "summary_uk", "summary_en", language),
            ...bilingual(row, "body_uk", "body_en", language, true),
            ...bilingual(row, "title_uk", "title_en", language).slice(1),
          ],
          words,
        ),
        date: displayDate(row.published_at as Date, language),
        meta: null,
        ...extras(row, language),
      };
    },
  },
  posters: {
    table: "posters",
    visible: publiclyVisible("posters", "t"),
    recency: "t.starts_at",
    columns: `t.title_uk, t.title_en, left(t.description_uk, 20000) as description_uk, left(t.description_en, 20000) as description_en, t.venue_uk, t.venue_en, t.organiser, (select o.starts_at from poster_occurrences o where o.poster_id = t.id order by ${SHOWN_FIRST} limit 1) as shown_starts_at, ${EXTRA_COLUMNS}`,
    joins: joins("t.cover_image_id", "categories"),
    toHit(row, language, words) {
      const venue = pickLocalized(text(row.venue_uk), text(row.venue_en) || null, language).text;
      return {
        path: publicPathOf("posters", row.slug),
        title: titleOf(row, "title_uk", "title_en", language, words),
        snippet: pickSnippet(
          [
            ...bilingual(row, "description_uk", "description_en", language, true),
            ...bilingual(row, "venue_uk", "venue_en", language),
            { text: text(row.organiser), lang: "uk" },
            ...bilingual(row, "title_uk", "title_en", language).slice(1),
          ],
          words,
        ),
        date: null,
        // A series' next date, not its first.
        meta: [row.shown_starts_at ? formatEventStart(new Date(row.shown_starts_at as Date), language) : null, venue]
          .filter(Boolean)
          .join(" · "),
        ...extras(row, language),
      };
    },
  },
  guides: {
    table: "guides",
    visible: publiclyVisible("guides", "t"),
    recency: "t.id",
    columns: `t.title_uk, t.title_en, t.summary_uk, t.summary_en, left(t.body_uk, 20000) as body_uk, left(t.body_en, 20000) as body_en, t.steps_uk, t.steps_en, t.checked_at, ${EXTRA_COLUMNS}`,
    // No picture; the place is the section shown (the topic is a translated word the hit lacks).
    joins: joins("null", "locations"),
    toHit(row, language, words) {
      return {
        path: publicPathOf("guides", row.slug),
        title: titleOf(row, "title_uk", "title_en", language, words),
        snippet: pickSnippet(
          [
            ...bilingual(row, "summary_uk", "summary_en", language),
            ...bilingual(row, "body_uk", "body_en", language, true),
            ...bilingual(row, "steps_uk", "steps_en", language),
            ...bilingual(row, "title_uk", "title_en", language).slice(1),
          ],
          words,
        ),
        date: row.checked_at ? displayDate(row.checked_at as Date, language) : null,
        meta: null,
        ...extras(row, language),
      };
    },
  },
  advertisements: {
    table: "advertisements",
    visible: liveAdvert("t"),
    recency: "t.published_at",
    columns: `t.title, t.description, t.published_at, t.price_amount, t.price_currency, t.price_kind, ${EXTRA_COLUMNS}`,
    joins: `${joins("(select ai.image_id from advertisement_images ai where ai.advertisement_id = t.id order by ai.position, ai.image_id limit 1)", "categories")}`,
    toHit(row, language, words) {
      // Adverts are user text in one unknown language: no lang attribute (the page's language stands).
      return {
        path: publicPathOf("advertisements", row.slug),
        title: { parts: highlight(text(row.title), words), lang: language },
        snippet: pickSnippet([{ text: text(row.description), lang: language }], words),
        date: row.published_at ? displayDate(row.published_at as Date, language) : null,
        meta:
          row.price_kind === "amount" && row.price_amount && isCurrency(row.price_currency)
            ? formatAmount(row.price_amount as string, row.price_currency, language)
            : null,
        ...extras(row, language),
      };
    },
  },
};

function providerOf(type: SearchType): Provider {
  const own = OWN_PROVIDERS[type];
  if (own) return own;
  if (isDirectoryType(type)) return directoryProvider(type);
  throw new Error(`${type} is searched but has no search provider`);
}

/** Each search category's provider, by the category (the type's public segment). */
export const PROVIDERS = Object.fromEntries(searchTypes().map((type) => [publicSection(type).segment, providerOf(type)])) as Record<
  SearchCategory,
  Provider
>;
