import type { Kysely } from "kysely";
import { FEDERATION_SECTIONS, type DB, type FederationSection } from "#db/schema.ts";
import { publishedVersions } from "./objects.server.ts";

// Which local sections federate is the operator's choice (settings.federation_sections, the
// dashboard's federation page); none do at first. The `events` actor also exists while staff
// follow someone, since it is the actor that follows.

export function isSection(value: string): value is FederationSection {
  return (FEDERATION_SECTIONS as readonly string[]).includes(value);
}

export async function enabledSections(db: Kysely<DB>): Promise<FederationSection[]> {
  const row = await db.selectFrom("settings").select("federation_sections").where("id", "=", 1).executeTakeFirst();
  return (row?.federation_sections ?? []).filter(isSection);
}

/** The local actor that follows remote ones (and so signs the Follow). */
export const FOLLOWING_ACTOR: FederationSection = "events";

export async function sectionIsActor(db: Kysely<DB>, section: FederationSection): Promise<boolean> {
  if ((await enabledSections(db)).includes(section)) return true;
  if (section !== FOLLOWING_ACTOR) return false;
  return (await db.selectFrom("federation_following").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Saves the choice; a section newly turned on starts from what it holds now (`federation_published`, which sync.server.ts compares with). */
export async function setEnabledSections(db: Kysely<DB>, sections: readonly FederationSection[]): Promise<void> {
  const before = await enabledSections(db);
  await db
    .updateTable("settings")
    .set({ federation_sections: [...new Set(sections)] })
    .where("id", "=", 1)
    .execute();
  for (const section of sections) if (!before.includes(section)) await baselineSection(db, section);
}

/** A section just turned on: what is public now counts as sent (followers read the archive in the outbox). */
async function baselineSection(db: Kysely<DB>, section: FederationSection): Promise<void> {
  for (const [id, version] of await publishedVersions(db, section)) {
    await db
      .insertInto("federation_published")
      .values({ section, item_id: id, version, deleted_at: null })
      .onConflict((conflict) => conflict.columns(["section", "item_id"]).doUpdateSet({ version, deleted_at: null }))
      .execute();
  }
}
