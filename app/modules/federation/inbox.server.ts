import type { InboxContext } from "@fedify/fedify";
import { Event, LanguageString, Link, type Accept, type Create, type Delete, type Reject, type Update } from "@fedify/fedify/vocab";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { syncOccurrences } from "#app/modules/posters/occurrences.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";
import { sanitizeRichText } from "#app/platform/sanitize/html.server.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";

// What other servers send to the inbox, after Fedify has verified the signature and that the
// key belongs to the activity's actor. Events are taken only from actors staff follow and
// whose follow was accepted, only for objects on the actor's own host; they wait in
// `federation_remote_events` for staff. An approved one is a `posters` row marked with its
// origin (`origin_url`, `origin_actor`), so every list, the calendar and the item page show it
// through their usual queries; an Update or Delete from the origin changes or removes it.

const MAX = { name: 300, content: 20_000, location: 300, url: 2_048 };

function firstText(value: unknown): string {
  return value == null
    ? ""
    : String(value)
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .trim();
}

/** Language-tagged values (`nameMap`, `contentMap`) by their language: `uk`, `en`. */
function languages(values: readonly unknown[]): { uk?: string; en?: string } {
  const found: { uk?: string; en?: string } = {};
  for (const value of values) {
    if (!(value instanceof LanguageString)) continue;
    const language = value.locale.language;
    if ((language === "uk" || language === "en") && found[language] === undefined) found[language] = String(value);
  }
  return found;
}

async function followedActor(db: Kysely<DB>, actorId: URL | null): Promise<string | null> {
  if (!actorId) return null;
  const row = await db
    .selectFrom("federation_following")
    .select("actor_id")
    .where("actor_id", "=", actorId.href)
    .where("state", "=", "accepted")
    .executeTakeFirst();
  return row?.actor_id ?? null;
}

type RemoteEventFields = {
  /** Ukrainian where the origin marks a language, else the one it sends; English beside it when marked. */
  name: string;
  name_en: string | null;
  content: string;
  content_en: string | null;
  starts_at: Date;
  ends_at: Date | null;
  location: string | null;
  url: string | null;
};

/** An Event's fields as the portal keeps them (plain text, clean HTML, bounded), or null when it is unusable. */
async function remoteEventFields(object: Event, ctx?: InboxContext<void>): Promise<RemoteEventFields | null> {
  const names = languages(object.names);
  const name = firstText(names.uk ?? object.name ?? names.en).slice(0, MAX.name);
  const nameEn = firstText(names.en).slice(0, MAX.name) || null;
  const contents = languages(object.contents);
  const clean = (html: unknown) => sanitizeRichText(firstText(html).slice(0, 4 * MAX.content)).slice(0, MAX.content);
  const start = object.startTime ? new Date(object.startTime.toString()) : null;
  if (!name || !start || Number.isNaN(start.getTime())) return null;
  const end = object.endTime ? new Date(object.endTime.toString()) : null;
  const place = ctx ? await object.getLocation({ documentLoader: ctx.documentLoader, suppressError: true }).catch(() => null) : null;
  const location = firstText(place && "name" in place ? place.name : null).slice(0, MAX.location) || null;
  const link = object.url instanceof Link ? object.url.href : object.url;
  const url = link instanceof URL && (link.protocol === "https:" || link.protocol === "http:") ? link.href.slice(0, MAX.url) : null;
  return {
    name,
    name_en: nameEn !== name ? nameEn : null,
    content: clean(contents.uk ?? object.content ?? contents.en),
    content_en: contents.en && contents.en !== (contents.uk ?? object.content) ? clean(contents.en) || null : null,
    starts_at: start,
    ends_at: end && !Number.isNaN(end.getTime()) && end >= start ? end : null,
    location,
    url,
  };
}

function posterColumns(fields: RemoteEventFields) {
  return {
    title_uk: fields.name,
    title_en: fields.name_en,
    description_uk: fields.content,
    description_en: fields.content_en,
    starts_at: fields.starts_at,
    ends_at: fields.ends_at,
    venue_uk: fields.location,
  };
}

export async function receiveEvent(db: Kysely<DB>, activity: Create | Update, ctx: InboxContext<void>): Promise<void> {
  const actor = await followedActor(db, activity.actorId);
  if (!actor) return;
  const object = await activity.getObject({ documentLoader: ctx.documentLoader, suppressError: true });
  if (!(object instanceof Event) || !object.id) return;
  const actorHost = new URL(actor).host;
  if (object.id.host !== actorHost || (object.attributionId && object.attributionId.href !== actor)) return;
  const fields = await remoteEventFields(object, ctx);
  if (!fields) return;
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("federation_remote_events")
      .select(["id", "actor_id", "poster_id"])
      .where("object_id", "=", object.id!.href)
      .forUpdate()
      .executeTakeFirst();
    if (existing && existing.actor_id !== actor) return;
    if (!existing) {
      await trx
        .insertInto("federation_remote_events")
        .values({ object_id: object.id!.href, actor_id: actor, ...fields })
        .execute();
      return;
    }
    await trx
      .updateTable("federation_remote_events")
      .set({ ...fields, updated_at: new Date() })
      .where("id", "=", existing.id)
      .execute();
    if (existing.poster_id) {
      await trx
        .updateTable("posters")
        .set({ ...posterColumns(fields), origin_url: fields.url ?? object.id!.href, updated_at: new Date() })
        .where("id", "=", existing.poster_id)
        .execute();
      await syncOccurrences(trx, existing.poster_id);
    }
  });
}

export async function receiveRemoteDelete(db: Kysely<DB>, activity: Delete): Promise<void> {
  const objectId = activity.objectId;
  if (!objectId || !activity.actorId) return;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("federation_remote_events")
      .select(["id", "poster_id"])
      .where("object_id", "=", objectId.href)
      .where("actor_id", "=", activity.actorId!.href)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    await trx.deleteFrom("federation_remote_events").where("id", "=", row.id).execute();
    if (row.poster_id) await trx.deleteFrom("posters").where("id", "=", row.poster_id).execute();
  });
}

async function answerFollow(db: Kysely<DB>, activity: Accept | Reject, ctx: InboxContext<void>, state: "accepted" | "rejected") {
  if (!activity.actorId) return;
  // Only the id of our Follow matters (an embedded copy is the other side's word for it, not fetched again).
  const followId = activity.objectId?.href;
  let query = db.updateTable("federation_following").set({ state }).where("actor_id", "=", activity.actorId.href);
  // Some servers answer with the Follow's id, some with a copy of it without one.
  if (followId?.startsWith(`${ctx.origin}/`)) query = query.where("follow_id", "=", followId);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) logger.info({ actor: activity.actorId.href }, "federation: an answer to no follow of ours");
}

export const receiveAccept = (db: Kysely<DB>, accept: Accept, ctx: InboxContext<void>) => answerFollow(db, accept, ctx, "accepted");
export const receiveReject = (db: Kysely<DB>, reject: Reject, ctx: InboxContext<void>) => answerFollow(db, reject, ctx, "rejected");

/** Staff approve a held remote event: it becomes a read-only posters row marked with its origin. */
export async function approveRemoteEvent(db: Kysely<DB>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("federation_remote_events")
      .selectAll()
      .where("id", "=", id)
      .where("state", "=", "pending")
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    const fields: RemoteEventFields = row;
    const poster = await trx
      .insertInto("posters")
      .values({
        ...posterColumns(fields),
        slug: `${slugify(row.name, 60) || "event"}-r${row.id}`,
        status: "published",
        published_at: new Date(),
        origin_url: row.url ?? row.object_id,
        origin_actor: row.actor_id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await syncOccurrences(trx, poster.id);
    await trx.updateTable("federation_remote_events").set({ state: "approved", poster_id: poster.id }).where("id", "=", id).execute();
    return true;
  });
}

export async function rejectRemoteEvent(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .updateTable("federation_remote_events")
    .set({ state: "rejected" })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A posters row that mirrors another server's event (approved here): edited only by its origin. */
export async function isRemotePoster(id: number, db: Kysely<DB> = getDb() as Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom("posters").select("origin_url").where("id", "=", id).executeTakeFirst();
  return Boolean(row?.origin_url);
}
