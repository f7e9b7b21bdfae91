import type { Context } from "@fedify/fedify";
import { Follow, isActor, Undo } from "@fedify/fedify/vocab";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { isBlockedHost } from "./inbox-guard.server.ts";
import { FOLLOWING_ACTOR } from "./sections.server.ts";

// Staff follow remote actors (a handle `@events@other.example` or an actor's URL) from the
// dashboard; the local `events` actor sends the Follow, and the follow stays pending until the
// other side's Accept arrives in the inbox. Blocking a domain drops its followers and follows.

export type FollowOutcome = { ok: true; actorId: string } | { ok: false; reason: "not_found" | "blocked" | "already" };

export async function followActor(db: Kysely<DB>, ctx: Context<void>, handle: string): Promise<FollowOutcome> {
  const actor = await ctx.lookupObject(handle.trim()).catch(() => null);
  if (!isActor(actor) || !actor.id || !actor.inboxId) return { ok: false, reason: "not_found" };
  if (await isBlockedHost(db, actor.id.host)) return { ok: false, reason: "blocked" };
  const follow = new Follow({
    id: new URL(`#follows/${crypto.randomUUID()}`, ctx.getActorUri(FOLLOWING_ACTOR)),
    actor: ctx.getActorUri(FOLLOWING_ACTOR),
    object: actor.id,
  });
  const inserted = await db
    .insertInto("federation_following")
    .values({ actor_id: actor.id.href, handle: handle.trim().slice(0, 300), inbox_url: actor.inboxId.href, follow_id: follow.id!.href })
    .onConflict((conflict) => conflict.column("actor_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return { ok: false, reason: "already" };
  await ctx.sendActivity({ identifier: FOLLOWING_ACTOR }, actor, follow);
  return { ok: true, actorId: actor.id.href };
}

export async function unfollowActor(db: Kysely<DB>, ctx: Context<void>, id: number): Promise<boolean> {
  const row = await db.deleteFrom("federation_following").where("id", "=", id).returningAll().executeTakeFirst();
  if (!row) return false;
  const recipient = { id: new URL(row.actor_id), inboxId: new URL(row.inbox_url) };
  const follow = new Follow({ id: new URL(row.follow_id), actor: ctx.getActorUri(FOLLOWING_ACTOR), object: recipient.id });
  await ctx.sendActivity(
    { identifier: FOLLOWING_ACTOR },
    recipient,
    new Undo({ id: new URL(`${row.follow_id}/undo`), actor: ctx.getActorUri(FOLLOWING_ACTOR), object: follow }),
  );
  return true;
}

/** A host as staff typed it (`Bad.Example`, `https://bad.example/`), or null. */
export function normalHost(input: string): string | null {
  const text = input.trim().toLowerCase();
  const host = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `https://${text}`)?.host;
  return host && /^[a-z0-9.:[\]-]{1,255}$/.test(host) && host.includes(".") ? host : null;
}

const onHost = (column: string, host: string) => [`https://${host}/%`, `http://${host}/%`].map((pattern) => [column, pattern] as const);

export async function blockDomain(db: Kysely<DB>, host: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("federation_blocked_domains")
      .values({ host })
      .onConflict((conflict) => conflict.column("host").doNothing())
      .execute();
    await trx
      .deleteFrom("federation_followers")
      .where((eb) => eb.or(onHost("actor_id", host).map(([, pattern]) => eb("actor_id", "like", pattern))))
      .execute();
    await trx
      .deleteFrom("federation_remote_events")
      .where("state", "=", "pending")
      .where((eb) => eb.or(onHost("actor_id", host).map(([, pattern]) => eb("actor_id", "like", pattern))))
      .execute();
  });
}

export async function unblockDomain(db: Kysely<DB>, host: string): Promise<void> {
  await db.deleteFrom("federation_blocked_domains").where("host", "=", host).execute();
}
