import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import type { ReklamaPlacement } from "#db/schema.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { cachedByVersion } from "#app/platform/page-cache/content-state.server.ts";
import { countClick, type CountedVisitor } from "#app/modules/analytics/counters.server.ts";
import { displayImage, IMAGE_SELECT, type DisplayImage } from "#app/platform/images/display-image.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";

// Reklama (paid advertising). A campaign is active while it is published, not deleted, and
// now lies between starts_at and ends_at (open-ended when ends_at is empty). Active
// campaigns show in their placement; /reklama/{slug} is the landing page; clicks go through
// /reklama/{slug}/click, which counts them (once per visitor and day) and redirects.

export type ReklamaBanner = {
  id: number;
  slug: string;
  placement: ReklamaPlacement;
  title: LocalizedText;
  text: LocalizedText;
  image: DisplayImage | null;
  /** Locale-free path of the click redirect. */
  clickPath: string;
  external: boolean;
};

export type ReklamaLanding = ReklamaBanner & { body: LocalizedText; targetUrl: string | null; updatedAt: string };

/** How many active campaigns a placement shows at once. */
const PLACEMENT_LIMITS: Record<ReklamaPlacement, number> = { home_top: 2, sidebar: 2, list_inline: 1, footer: 1 };

function activeReklama() {
  return getDb()
    .selectFrom("reklama")
    .leftJoin("images as img", "img.id", "reklama.image_id")
    .where(publiclyVisible("reklama"))
    .where("reklama.starts_at", "<=", sql<Date>`now()`)
    .where((eb) => eb.or([eb("reklama.ends_at", "is", null), eb("reklama.ends_at", ">=", sql<Date>`now()`)]))
    .select([
      "reklama.id",
      "reklama.slug",
      "reklama.placement",
      "reklama.title_uk",
      "reklama.title_en",
      "reklama.body_uk",
      "reklama.body_en",
      "reklama.target_url",
      "reklama.updated_at",
      ...IMAGE_SELECT,
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof activeReklama>["execute"]>>[number];

function safeTargetUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function toBanner(row: Row, language: Language, imageWidth: number): ReklamaBanner {
  const title = pickLocalized(row.title_uk, row.title_en, language);
  const body = pickLocalized(row.body_uk, row.body_en, language);
  return {
    id: row.id,
    slug: row.slug,
    placement: row.placement,
    title,
    text: { lang: body.lang, text: excerpt(stripHtml(body.text), 140) },
    image: displayImage(row, language, imageWidth, title.text),
    clickPath: `/reklama/${row.slug}/click`,
    external: safeTargetUrl(row.target_url) !== null,
  };
}

/**
 * Every active campaign, newest first: read by most public pages, so kept per process until
 * the reklama or images table changes or a campaign starts or ends (the page cache's check).
 */
const activeCampaigns = cachedByVersion(
  ["reklama", "images"],
  () => activeReklama().orderBy("reklama.starts_at", "desc").orderBy("reklama.id", "desc").execute(),
  { timed: true },
);

/** Active campaigns of the given placements, newest campaign first, at most PLACEMENT_LIMITS each. */
export async function reklamaFor(
  placements: readonly ReklamaPlacement[],
  language: Language,
): Promise<Record<ReklamaPlacement, ReklamaBanner[]>> {
  const result: Record<ReklamaPlacement, ReklamaBanner[]> = { home_top: [], sidebar: [], list_inline: [], footer: [] };
  if (placements.length === 0) return result;
  for (const row of await activeCampaigns()) {
    if (!placements.includes(row.placement)) continue;
    const list = result[row.placement];
    if (list.length < PLACEMENT_LIMITS[row.placement]) list.push(toBanner(row, language, 640));
  }
  return result;
}

export function bannerIds(banners: Record<ReklamaPlacement, ReklamaBanner[]>): number[] {
  return Object.values(banners).flatMap((list) => list.map((banner) => banner.id));
}

export async function findActiveReklama(slug: string, language: Language): Promise<ReklamaLanding | null> {
  const row = await activeReklama().where("reklama.slug", "=", slug).executeTakeFirst();
  if (!row) return null;
  return {
    ...toBanner(row, language, 1600),
    body: pickLocalized(row.body_uk, row.body_en, language),
    targetUrl: safeTargetUrl(row.target_url),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Counts a click on an active campaign (for `visitor`, when given) and tells where it leads; null when there is no such campaign. */
export async function registerClick(
  slug: string,
  visitor: (() => Promise<CountedVisitor>) | null,
): Promise<{ targetUrl: string | null } | null> {
  const row = await activeReklama().where("reklama.slug", "=", slug).executeTakeFirst();
  if (!row) return null;
  if (visitor) countClick(row.id, visitor());
  return { targetUrl: safeTargetUrl(row.target_url) };
}

/** Slugs and change times of active campaigns, for the sitemap. */
export async function activeReklamaForSitemap() {
  return activeReklama().clearSelect().select(["reklama.slug", "reklama.updated_at"]).orderBy("reklama.id").execute();
}
