import type { Kysely } from "kysely";
import { slugify } from "#app/platform/slug/transliterate.ts";
import type { ImageStore } from "#app/platform/images/storage.server.ts";
import type { CategoryKind, DB } from "#db/schema.ts";

/** What the seed steps share: ids of what earlier steps inserted, by a readable name. */
export type SeedContext = {
  db: Kysely<DB>;
  now: Date;
  store: ImageStore;
  log: (line: string) => void;
  users: { admin: number; editor: number; user: number; others: number[] };
  /** `${kind}:${slug}` → id */
  categories: Map<string, number>;
  tags: Map<string, number>;
  locations: Map<string, number>;
  /** Shared staff images by name (see images.ts). */
  images: Map<string, number>;
  /** Every image written to disk, to remove if the seed fails. */
  files: Array<{ key: string; variants: number[] }>;
};

/** Bilingual text of one staff item; `en` missing exercises the Ukrainian fallback. */
export type Texts<T> = { uk: T; en?: T };

/** A time `days` before the seed's `now` (negative: in the future). */
export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** Paragraphs as the staff editor stores them: HTML `<p>` blocks. */
export function html(paragraphs: readonly string[] | undefined): string | null {
  if (!paragraphs) return null;
  return paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** slugify, with -2, -3... appended when `taken` already holds the slug. */
export function uniqueSlug(text: string, taken: Set<string>): string {
  const base = slugify(text) || "item";
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

export function need(map: Map<string, number>, name: string, what: string): number {
  const id = map.get(name);
  if (id === undefined) throw new Error(`seed: unknown ${what} "${name}"`);
  return id;
}

export function categoryId(ctx: SeedContext, kind: CategoryKind, slug: string): number {
  return need(ctx.categories, `${kind}:${slug}`, "category");
}
