import { sql, type Kysely } from "kysely";
import type { DB, FederationSection } from "#db/schema.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { sanitizeRichText } from "#app/platform/sanitize/html.server.ts";

// What a federated item looks like to other servers: an Article for a news item, an Event for
// a poster, as compact JSON-LD (ActivityStreams) with both languages in `nameMap`, `summaryMap`
// and `contentMap` and the public page of each language in `url`. Fedify parses it into its
// vocabulary objects (federation.server.ts); building the JSON here keeps it testable as data.
// Remote events shown on the posters list (`origin_url` set) are never published again.

export const AS_PUBLIC = "https://www.w3.org/ns/activitystreams#Public";

/** Paths of the local actors and objects; every absolute URL starts with the configured origin. */
export const apPaths = {
  actor: (section: FederationSection) => `/ap/actors/${section}`,
  followers: (section: FederationSection) => `/ap/actors/${section}/followers`,
  object: (section: FederationSection, id: number) => `/ap/${section}/${id}`,
};

const PAGE_PATH: Record<FederationSection, string> = { news: "/novyny/", events: "/poster/" };

/** The public page of an item in each language: Ukrainian without a prefix, English under /us. */
function itemPages(origin: string, section: FederationSection, slug: string) {
  return { uk: `${origin}${PAGE_PATH[section]}${slug}`, en: `${origin}/us${PAGE_PATH[section]}${slug}` };
}

type Localized = { uk: string; en: string | null };

function languageMap({ uk, en }: Localized, clean: (text: string) => string = (text) => text) {
  const map: Record<string, string> = {};
  if (uk.trim()) map.uk = clean(uk);
  if (en?.trim()) map.en = clean(en);
  return map;
}

const plain = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "").trim();

export type NewsSource = {
  id: number;
  slug: string;
  title_uk: string;
  title_en: string | null;
  summary_uk: string;
  summary_en: string | null;
  body_uk: string;
  body_en: string | null;
  published_at: Date | null;
  updated_at: Date;
};

export type PosterSource = {
  id: number;
  slug: string;
  title_uk: string;
  title_en: string | null;
  description_uk: string;
  description_en: string | null;
  venue_uk: string | null;
  venue_en: string | null;
  address: string | null;
  starts_at: Date;
  ends_at: Date | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type JsonObject = Record<string, unknown>;

function common(origin: string, section: FederationSection, id: number, slug: string) {
  const pages = itemPages(origin, section, slug);
  return {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: `${origin}${apPaths.object(section, id)}`,
    attributedTo: `${origin}${apPaths.actor(section)}`,
    to: [AS_PUBLIC],
    cc: [`${origin}${apPaths.followers(section)}`],
    url: [
      { type: "Link", href: pages.uk, hreflang: "uk", mediaType: "text/html" },
      { type: "Link", href: pages.en, hreflang: "en", mediaType: "text/html" },
    ],
  };
}

export function newsArticle(origin: string, row: NewsSource): JsonObject {
  const names = languageMap({ uk: row.title_uk, en: row.title_en }, plain);
  const contents = languageMap({ uk: row.body_uk, en: row.body_en }, sanitizeRichText);
  const summaries = languageMap({ uk: row.summary_uk, en: row.summary_en }, plain);
  return {
    ...common(origin, "news", row.id, row.slug),
    type: "Article",
    name: names.uk,
    nameMap: names,
    ...(Object.keys(summaries).length ? { summary: summaries.uk ?? summaries.en, summaryMap: summaries } : {}),
    content: contents.uk ?? contents.en ?? "",
    contentMap: contents,
    mediaType: "text/html",
    published: (row.published_at ?? row.updated_at).toISOString(),
    updated: row.updated_at.toISOString(),
  };
}

export function posterEvent(origin: string, row: PosterSource): JsonObject {
  const names = languageMap({ uk: row.title_uk, en: row.title_en }, plain);
  const contents = languageMap({ uk: row.description_uk, en: row.description_en }, sanitizeRichText);
  const place = [row.venue_uk, row.address].filter((part): part is string => Boolean(part?.trim())).join(", ");
  const placeEn = [row.venue_en ?? row.venue_uk, row.address].filter((part): part is string => Boolean(part?.trim())).join(", ");
  return {
    ...common(origin, "events", row.id, row.slug),
    type: "Event",
    name: names.uk,
    nameMap: names,
    content: contents.uk ?? contents.en ?? "",
    contentMap: contents,
    mediaType: "text/html",
    startTime: row.starts_at.toISOString(),
    ...(row.ends_at ? { endTime: row.ends_at.toISOString() } : {}),
    ...(place ? { location: { type: "Place", name: place, nameMap: languageMap({ uk: place, en: placeEn }) } } : {}),
    published: (row.published_at ?? row.created_at).toISOString(),
    updated: row.updated_at.toISOString(),
  };
}

const NEWS_COLUMNS = [
  "id",
  "slug",
  "title_uk",
  "title_en",
  "summary_uk",
  "summary_en",
  "body_uk",
  "body_en",
  "published_at",
  "updated_at",
  "version",
] as const;
const POSTER_COLUMNS = [
  "id",
  "slug",
  "title_uk",
  "title_en",
  "description_uk",
  "description_en",
  "venue_uk",
  "venue_en",
  "address",
  "starts_at",
  "ends_at",
  "published_at",
  "created_at",
  "updated_at",
  "version",
] as const;

function visibleNews(db: Kysely<DB>) {
  return db.selectFrom("news").select(NEWS_COLUMNS).where(publiclyVisible("news"));
}

function visiblePosters(db: Kysely<DB>) {
  return db.selectFrom("posters").select(POSTER_COLUMNS).where(publiclyVisible("posters")).where("origin_url", "is", null);
}

/** A public item of the section as its object, or null when it is not public (or not ours). */
export async function loadObject(db: Kysely<DB>, origin: string, section: FederationSection, id: number): Promise<JsonObject | null> {
  if (section === "news") {
    const row = await visibleNews(db).where("id", "=", id).executeTakeFirst();
    return row ? newsArticle(origin, row) : null;
  }
  const row = await visiblePosters(db).where("id", "=", id).executeTakeFirst();
  return row ? posterEvent(origin, row) : null;
}

/** One page of the section's public items, newest first, and the total. */
export async function objectPage(
  db: Kysely<DB>,
  origin: string,
  section: FederationSection,
  offset: number,
  limit: number,
): Promise<{ items: JsonObject[]; total: number }> {
  if (section === "news") {
    const [rows, count] = await Promise.all([
      visibleNews(db).orderBy("published_at", "desc").orderBy("id", "desc").offset(offset).limit(limit).execute(),
      db
        .selectFrom("news")
        .select(sql<number>`count(*)::int`.as("n"))
        .where(publiclyVisible("news"))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => newsArticle(origin, row)), total: count.n };
  }
  const [rows, count] = await Promise.all([
    visiblePosters(db).orderBy("created_at", "desc").orderBy("id", "desc").offset(offset).limit(limit).execute(),
    db
      .selectFrom("posters")
      .select(sql<number>`count(*)::int`.as("n"))
      .where(publiclyVisible("posters"))
      .where("origin_url", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => posterEvent(origin, row)), total: count.n };
}

/** The public items of a section with their versions: what the publishing sync compares with what was sent. */
export async function publishedVersions(db: Kysely<DB>, section: FederationSection): Promise<Map<number, number>> {
  const rows =
    section === "news"
      ? await db.selectFrom("news").select(["id", "version"]).where(publiclyVisible("news")).execute()
      : await db
          .selectFrom("posters")
          .select(["id", "version"])
          .where(publiclyVisible("posters"))
          .where("origin_url", "is", null)
          .execute();
  return new Map(rows.map((row) => [row.id, row.version]));
}
