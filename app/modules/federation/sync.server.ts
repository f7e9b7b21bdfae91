import type { Context } from "@fedify/fedify";
import { Create, Delete, Tombstone, Update } from "@fedify/fedify/vocab";
import type { Kysely } from "kysely";
import type { DB, FederationSection } from "#db/schema.ts";
import { toVocab } from "./federation.server.ts";
import { apPaths, AS_PUBLIC, loadObject, publishedVersions } from "./objects.server.ts";
import { enabledSections } from "./sections.server.ts";

// Publishing: what followers have been sent (`federation_published`: item, version, deleted)
// against what is public now. A new public item goes out as Create, a changed one as Update, one
// no longer public (trashed, unpublished, purged) as Delete. Run after every staff save and
// every minute (a scheduled publication time passes without a write), it is idempotent: a run
// that finds nothing changed sends nothing. Turning a section on records what it already holds
// (`baselineSection`, sections.server.ts), so its first followers are not sent the whole archive.

export type SyncOutcome = { created: number; updated: number; deleted: number };

async function syncSection(db: Kysely<DB>, ctx: Context<void>, origin: string, section: FederationSection): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { created: 0, updated: 0, deleted: 0 };
  const now = await publishedVersions(db, section);
  const sent = new Map(
    (await db.selectFrom("federation_published").selectAll().where("section", "=", section).execute()).map((row) => [row.item_id, row]),
  );
  const actor = ctx.getActorUri(section);
  const send = async (activity: Create | Update | Delete) => {
    await ctx.sendActivity({ identifier: section }, "followers", activity, { preferSharedInbox: true });
  };
  for (const [id, version] of now) {
    const before = sent.get(id);
    if (before && before.version === version && before.deleted_at === null) continue;
    const json = await loadObject(db, origin, section, id);
    if (!json) continue;
    const object = await toVocab(json, ctx);
    const fresh = !before || before.deleted_at !== null;
    const activityId = new URL(`${String(json.id)}#${fresh ? "create" : "update"}-${version}`);
    const common = { id: activityId, actor, object, tos: object.toIds, ccs: object.ccIds };
    await send(fresh ? new Create(common) : new Update({ ...common, updated: object.updated }));
    await db
      .insertInto("federation_published")
      .values({ section, item_id: id, version, deleted_at: null })
      .onConflict((conflict) => conflict.columns(["section", "item_id"]).doUpdateSet({ version, deleted_at: null }))
      .execute();
    if (fresh) outcome.created++;
    else outcome.updated++;
  }
  for (const [id, row] of sent) {
    if (row.deleted_at !== null || now.has(id)) continue;
    const objectId = new URL(`${origin}${apPaths.object(section, id)}`);
    await send(
      new Delete({
        id: new URL(`${objectId.href}#delete-${row.version}`),
        actor,
        object: new Tombstone({ id: objectId }),
        tos: [new URL(AS_PUBLIC)],
        ccs: [ctx.getFollowersUri(section)],
      }),
    );
    await db
      .updateTable("federation_published")
      .set({ deleted_at: new Date() })
      .where("section", "=", section)
      .where("item_id", "=", id)
      .execute();
    outcome.deleted++;
  }
  return outcome;
}

export async function syncAll(db: Kysely<DB>, ctx: Context<void>, origin: string): Promise<SyncOutcome> {
  const total: SyncOutcome = { created: 0, updated: 0, deleted: 0 };
  for (const section of await enabledSections(db)) {
    const outcome = await syncSection(db, ctx, origin, section);
    total.created += outcome.created;
    total.updated += outcome.updated;
    total.deleted += outcome.deleted;
  }
  return total;
}
