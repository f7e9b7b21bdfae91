import { sql } from "kysely";
import type { GuideTopic } from "#db/schema.ts";
import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { TimedChange } from "#app/platform/page-cache/content-state.server.ts";
import { displayDate, type DisplayDate } from "#app/platform/format/dates.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";
import { fetchListPage } from "#app/platform/lists/list-page.server.ts";
import { itemSeo } from "#app/modules/content/public-cards.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { ORGANISATION_TYPE, publicPathOf } from "#app/modules/staff-content/registry.ts";
import { parseSteps, relatedPaths, withHeadingIds, type GuideStep, type TocEntry } from "./guide-text.ts";

// The public reads of guides (docs/product.md#guides): the list by topic and place, newest
// checked first, and a guide's page.

export type GuideCard = {
  id: number;
  slug: string;
  title: LocalizedText;
  summary: LocalizedText;
  topic: GuideTopic;
  location: LocalizedText | null;
  checkedAt: DisplayDate | null;
};

/**
 * When a guide becomes "may be outdated": its last check plus the settings' months, in the
 * database's calendar and clock (one rule for its page and its cached copy's end).
 */
const outdatedFrom = (alias: string) =>
  sql<Date>`${sql.ref(`${alias}.checked_at`)} + make_interval(months => (select guide_outdated_months from settings where id = 1))`;

/** The next moment a public guide becomes outdated: its kept page is made again then (app/page-cache-sources.server.ts). */
export const GUIDE_MOMENTS: TimedChange = {
  tables: ["guides"],
  nextMoment: () =>
    sql`(select min(${outdatedFrom("g")}) from guides g where ${publiclyVisible("guides", "g")} and ${outdatedFrom("g")} > now())`,
};

export type GuideDetail = GuideCard & {
  body: LocalizedText;
  toc: TocEntry[];
  steps: { items: GuideStep[]; lang: Language };
  checkedAtIso: string | null;
  checkedBy: string | null;
  /** Checked longer ago than the settings' months (never checked: not known to be). */
  outdated: boolean;
  related: Array<{ path: string; title: LocalizedText }>;
  publishedAt: string | null;
  updatedAt: string;
  viewCount: number;
  seo: ReturnType<typeof itemSeo>;
};

function cards() {
  return getDb()
    .selectFrom("guides as g")
    .leftJoin("locations as loc", "loc.id", "g.location_id")
    .where(publiclyVisible("guides", "g"))
    .select([
      "g.id",
      "g.slug",
      "g.title_uk",
      "g.title_en",
      "g.summary_uk",
      "g.summary_en",
      sql<string>`left(g.body_uk, 1200)`.as("body_uk_start"),
      sql<string | null>`left(g.body_en, 1200)`.as("body_en_start"),
      "g.topic",
      "g.checked_at",
      "loc.name_uk as location_name_uk",
      "loc.name_en as location_name_en",
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cards>["execute"]>>[number];

function toCard(row: CardRow, language: Language): GuideCard {
  const summary = pickLocalized(row.summary_uk, row.summary_en, language);
  const start = pickLocalized(row.body_uk_start, row.body_en_start, language);
  return {
    id: row.id,
    slug: row.slug,
    title: pickLocalized(row.title_uk, row.title_en, language),
    summary: summary.text ? summary : { text: excerpt(stripHtml(start.text)), lang: start.lang },
    topic: row.topic,
    location: row.location_name_uk ? pickLocalized(row.location_name_uk, row.location_name_en, language) : null,
    checkedAt: row.checked_at ? displayDate(row.checked_at, language) : null,
  };
}

/** A list's filters: a topic, and a place (its guides and those for everywhere). */
export type GuideFilter = { topic?: GuideTopic | null; locationId?: number | null };

/** A place's guides: its own and those for everywhere (the list at the place, its offline pack). */
function atPlace(locationId: number | null | undefined) {
  return locationId ? sql<boolean>`(g.location_id = ${locationId} or g.location_id is null)` : sql<boolean>`true`;
}

export async function listGuides(options: GuideFilter & { language: Language; page: number }) {
  const { topic, locationId, language, page } = options;
  const where = sql<boolean>`(${topic ? sql`g.topic = ${topic}` : sql`true`}) and (${atPlace(locationId)})`;
  const count = getDb()
    .selectFrom("guides as g")
    .where(publiclyVisible("guides", "g"))
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as("total"));
  const rows = cards()
    .where(where)
    .orderBy(sql`g.checked_at desc nulls last`)
    .orderBy("g.id", "desc");
  return fetchListPage(["guides", "locations"], count, rows, page, (row) => toCard(row, language));
}

/** The slugs of a place's guides, in the list's order (its offline pack). */
export async function guideSlugsAt(locationId: number, limit: number): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("guides as g")
    .where(publiclyVisible("guides", "g"))
    .where(atPlace(locationId))
    .select("g.slug")
    .orderBy(sql`g.checked_at desc nulls last`)
    .orderBy("g.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.slug);
}

export async function findGuide(slug: string, language: Language): Promise<GuideDetail | null> {
  const row = await cards()
    .where("g.slug", "=", slug)
    .select([
      "g.body_uk",
      "g.body_en",
      "g.steps_uk",
      "g.steps_en",
      "g.checked_by",
      "g.related",
      "g.published_at",
      "g.updated_at",
      "g.view_count",
      "g.seo_title_uk",
      "g.seo_title_en",
      "g.seo_description_uk",
      "g.seo_description_en",
      sql<boolean>`coalesce(${outdatedFrom("g")} <= now(), false)`.as("outdated"),
    ])
    .executeTakeFirst();
  if (!row) return null;
  const card = toCard(row, language);
  const body = pickLocalized(row.body_uk, row.body_en, language);
  const withIds = withHeadingIds(body.text);
  const steps = pickLocalized(row.steps_uk, row.steps_en, language);
  return {
    ...card,
    body: { text: withIds.html, lang: body.lang },
    toc: withIds.toc,
    steps: { items: parseSteps(steps.text), lang: steps.lang },
    checkedAtIso: row.checked_at?.toISOString() ?? null,
    checkedBy: row.checked_by,
    outdated: row.outdated,
    related: await relatedItems(relatedPaths(row.related), language),
    publishedAt: row.published_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    viewCount: row.view_count,
    seo: itemSeo(row, language, () => card.summary.text),
  };
}

/** The newest checked guides (the feed, the home page's section): checked first, then published. */
export async function recentlyCheckedGuides(language: Language, limit: number) {
  const rows = await cards()
    .select(["g.published_at", "g.created_at"])
    .orderBy(sql`g.checked_at desc nulls last`)
    .orderBy("g.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toCard(row, language), changedAt: row.checked_at ?? row.published_at ?? row.created_at }));
}

/** The types a guide's related pages may be: other guides, services and organisations. */
export const RELATED_TYPES = ["guides", "services", ORGANISATION_TYPE] as const;

/** The related paths staff listed that name a public guide, service or organisation, with its title (others are left out). */
async function relatedItems(paths: string[], language: Language): Promise<GuideDetail["related"]> {
  const titles = new Map<string, LocalizedText>();
  await Promise.all(
    RELATED_TYPES.map(async (table) => {
      const base = `${publicPathOf(table)}/`;
      const slugs = paths.filter((path) => path.startsWith(base)).map((path) => path.slice(base.length));
      if (slugs.length === 0) return;
      const heading = table === "guides" ? "title" : "name";
      const { rows } = await sql<{ slug: string; uk: string; en: string | null }>`
        select t.slug, ${sql.ref(`t.${heading}_uk`)} as uk, ${sql.ref(`t.${heading}_en`)} as en
        from ${sql.table(table)} t where ${publiclyVisible(table, "t")} and t.slug in (${sql.join(slugs)})`.execute(getDb());
      for (const row of rows) titles.set(publicPathOf(table, row.slug), pickLocalized(row.uk, row.en, language));
    }),
  );
  return paths.flatMap((path) => {
    const title = titles.get(path);
    return title ? [{ path, title }] : [];
  });
}
