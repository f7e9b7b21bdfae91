import { randomBytes } from "node:crypto";
import { getDb } from "#app/platform/db/db.server.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";
import { SLUG_MAX } from "./form-schema.ts";
import { registryDb } from "./tables.server.ts";
import type { ContentSpec } from "./types.ts";
import { lifecycleOf } from "./lifecycle.ts";
import { publicOrder, publicSection } from "./registry.ts";

// Slugs: Latin transliteration of the Ukrainian title, unique per type (trashed items keep
// theirs: restoring must not collide). Adverts add a short random part, as the cabinet does.

/** First path segments of the portal's own routes: a page with such a slug would be unreachable. Every type's public segment (the registry) is one. */
export const RESERVED_PAGE_SLUGS = new Set([
  ...publicOrder()
    .map((type) => publicSection(type).segment)
    .filter(Boolean),
  "us",
  "search",
  "delete-account",
  "dodaty-ogoloshennya",
  "login",
  "verify-request",
  "cabinet",
  "dashboard",
  "api",
  "map",
  "embed",
  "offline",
  "set-locale",
  "set-theme",
  "sitemap",
  "robots",
  "uploads",
  "assets",
  "healthz",
  "rss",
  "report",
  "consent",
  "builds",
  "favourites",
  "unsubscribe",
  "newsletter",
  "sw",
  "not-me",
  "change-email",
  "ap",
  ".well-known",
]);

export function isReservedPageSlug(slug: string): boolean {
  return RESERVED_PAGE_SLUGS.has(slug);
}

export async function slugTaken(spec: ContentSpec, slug: string, exceptId?: number): Promise<boolean> {
  let query = registryDb(getDb()).selectFrom(spec.table).select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** A free slug made from `title`: `base`, else `base-2`, `base-3`... */
export async function autoSlug(spec: ContentSpec, title: string, exceptId?: number): Promise<string> {
  // A user's item gets an unguessable suffix: its slug must not reveal the owner's other items.
  if (lifecycleOf(spec).ownedByUser) {
    const base = slugify(title, 60) || "ogoloshennya";
    return `${base}-${randomBytes(4).toString("hex").slice(0, 6)}`;
  }
  let base = slugify(title, SLUG_MAX - 6) || spec.type;
  if (spec.type === "pages" && isReservedPageSlug(base)) base = `${base}-page`;
  const rows = (await registryDb(getDb())
    .selectFrom(spec.table)
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .$if(Boolean(exceptId), (qb) => qb.where("id", "<>", exceptId!))
    .execute()) as Array<{ slug: string }>;
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
