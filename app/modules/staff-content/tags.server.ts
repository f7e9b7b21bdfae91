import { sql, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";
import { registryDb } from "./tables.server.ts";
import type { ContentSpec } from "./types.ts";

// Tags of news and posters: the ticked existing ones plus new names typed in the form
// (comma separated), created in place; a name whose slug exists reuses that tag. A name may
// carry its English after a slash ("Освіта / Education"), so a new tag is bilingual at once.

const TAG_NAME_MAX = 60;

export type NewTagName = { uk: string; en: string | null };

function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, " ").slice(0, TAG_NAME_MAX);
}

export function parseTagNames(text: string): NewTagName[] {
  const names = text
    .split(/[,;\n]/)
    .map((entry) => {
      const [uk = "", ...rest] = entry.split("/");
      return { uk: cleanName(uk), en: cleanName(rest.join("/")) || null };
    })
    .filter((name) => name.uk !== "" && slugify(name.uk) !== "");
  const seen = new Set<string>();
  return names.filter((name) => {
    const slug = slugify(name.uk);
    if (seen.has(slug)) return false;
    seen.add(slug);
    return true;
  });
}

/** Ids of the tags named, creating those that do not exist yet (an existing tag gains a missing English name). */
async function ensureTags(trx: Transaction<DB>, names: NewTagName[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const slug = slugify(name.uk, TAG_NAME_MAX);
    const row = await trx
      .insertInto("tags")
      .values({ slug, name_uk: name.uk, name_en: name.en })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ name_en: sql`coalesce(nullif(tags.name_en, ''), excluded.name_en)` }))
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Makes the item's tags exactly `ids` + `newNames`; returns the slugs, sorted (for the audit log). */
export async function syncTags(
  trx: Transaction<DB>,
  spec: ContentSpec,
  itemId: number,
  tags: { ids: number[]; newNames: NewTagName[] },
): Promise<string[]> {
  if (!spec.tags) return [];
  const { table, column } = spec.tags;
  const existing = tags.ids.length ? await trx.selectFrom("tags").select("id").where("id", "in", tags.ids).execute() : [];
  const wanted = [...new Set([...existing.map((row) => row.id), ...(await ensureTags(trx, tags.newNames))])];
  const db = registryDb(trx);
  let removal = db.deleteFrom(table).where(column, "=", itemId);
  if (wanted.length) removal = removal.where("tag_id", "not in", wanted);
  await removal.execute();
  if (wanted.length) {
    await db
      .insertInto(table)
      .values(wanted.map((tagId) => ({ [column]: itemId, tag_id: tagId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return tagSlugs(trx, spec, itemId);
}

export async function tagSlugs(trx: Transaction<DB>, spec: ContentSpec, itemId: number): Promise<string[]> {
  if (!spec.tags) return [];
  const { table, column } = spec.tags;
  const rows = (await registryDb(trx)
    .selectFrom(table)
    .innerJoin("tags", "tags.id", `${table}.tag_id`)
    .select("tags.slug")
    .where(`${table}.${column}`, "=", itemId)
    .orderBy("tags.slug")
    .execute()) as Array<{ slug: string }>;
  return rows.map((row) => row.slug);
}
