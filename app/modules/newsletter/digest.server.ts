import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { localizePath, type Language } from "#app/i18n/locales.ts";
import { liveAdvert } from "#app/modules/adverts/queries.server.ts";
import { publicCards } from "#app/modules/content/public-cards.server.ts";
import { ORGANISATION_TYPE, publicPathOf } from "#app/modules/staff-content/registry.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import type { DigestItem } from "./mails/issue.ts";
import type { Subscriber } from "./subscribers.server.ts";
import type { NewsletterTopic } from "./topics.ts";

// The weekly digest's content: what became public in the issue's period (period_from,
// period_to], per topic: news, events (posters), new services and diaspora organisations,
// live adverts of the subscriber's category (or its subcategories). Read once per batch; each
// subscriber's mail is cut from it in their language.

/** At most this many items per section; the section's page has the rest. */
const DIGEST_SECTION_MAX = 15;

type Entry = { title_uk: string; title_en: string | null; path: string };
type AdvertEntry = Entry & { category: number; parent: number | null };

export type DigestCatalog = { news: Entry[]; events: Entry[]; directory: Entry[]; adverts: AdvertEntry[] };

async function cardsBetween(table: "news" | "posters" | "services" | typeof ORGANISATION_TYPE, from: Date, to: Date): Promise<Entry[]> {
  const at = sql`coalesce(${sql.ref(`${table}.published_at`)}, ${sql.ref(`${table}.created_at`)})`;
  const rows = await publicCards(table)
    .where(sql<boolean>`${at} > ${from} and ${at} <= ${to}`)
    .orderBy(sql`${at}`, "desc")
    .limit(DIGEST_SECTION_MAX)
    .execute();
  return rows.map((row) => ({ title_uk: row.title_uk, title_en: row.title_en, path: publicPathOf(table, row.slug) }));
}

/** Everything the period published, for every topic. */
export async function digestCatalog(from: Date, to: Date, db: Kysely<DB>): Promise<DigestCatalog> {
  const adverts = await db
    .selectFrom("advertisements as a")
    .innerJoin("categories as c", "c.id", "a.category_id")
    .select(["a.title", "a.slug", "a.category_id", "c.parent_id"])
    .where(liveAdvert("a"))
    .where("a.published_at", ">", from)
    .where("a.published_at", "<=", to)
    .orderBy("a.published_at", "desc")
    .limit(2000)
    .execute();
  const services = await cardsBetween("services", from, to);
  const organisations = await cardsBetween(ORGANISATION_TYPE, from, to);
  return {
    news: await cardsBetween("news", from, to),
    events: await cardsBetween("posters", from, to),
    directory: [...services, ...organisations],
    adverts: adverts.map((row) => ({
      title_uk: row.title,
      title_en: row.title,
      path: `/advertisement/${row.slug}`,
      category: row.category_id,
      parent: row.parent_id,
    })),
  };
}

/** The subscriber's sections, in topic order, each with something new; empty when there is nothing for them. */
export function digestSections(
  catalog: DigestCatalog,
  subscriber: Pick<Subscriber, "topics" | "language" | "advertCategory">,
): Array<{ topic: NewsletterTopic; items: DigestItem[] }> {
  const language: Language = subscriber.language;
  const item = (entry: Entry): DigestItem => ({
    text: pickLocalized(entry.title_uk, entry.title_en, language).text,
    link: new URL(localizePath(entry.path, language === "en" ? "us" : "ua"), publicOrigin()).href,
  });
  const entries = (topic: NewsletterTopic): Entry[] =>
    topic === "adverts"
      ? catalog.adverts.filter((advert) => advert.category === subscriber.advertCategory || advert.parent === subscriber.advertCategory)
      : catalog[topic];
  return subscriber.topics
    .map((topic) => ({ topic, items: entries(topic).slice(0, DIGEST_SECTION_MAX).map(item) }))
    .filter((section) => section.items.length > 0);
}
