import { sql, type RawBuilder } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";

// A block is between two people (user_blocks): while it stands, no message goes between them
// either way, in any conversation, and neither opens a new one; mail about their messages
// stops with it. Only the blocker lifts it, from a thread with the person or from the list
// in the inbox. The blocked side is told no more than it was before: "no longer accepts
// messages".

/** Who blocked whom between the user and the other party. */
export type BlockState = "none" | "by_me" | "by_other";

/** SQL: a block stands between the two users, either way (two primary-key probes). */
export function blockedBetween(a: RawBuilder<unknown> | number, b: RawBuilder<unknown> | number) {
  return sql<boolean>`exists (select 1 from user_blocks ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;
}

/** SQL: the user blocked the other party. */
export function blockedBy(blockerId: RawBuilder<unknown> | number, blockedId: RawBuilder<unknown> | number) {
  return sql<boolean>`exists (select 1 from user_blocks ub where ub.blocker_id = ${blockerId} and ub.blocked_id = ${blockedId})`;
}

/** Whether the user blocked the other party, was blocked by them, or neither (the user's own block wins: they can lift it). */
export async function blockState(userId: number, otherId: number | null): Promise<BlockState> {
  if (otherId === null) return "none";
  const rows = await getDb()
    .selectFrom("user_blocks")
    .select("blocker_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("blocker_id", "=", userId), eb("blocked_id", "=", otherId)]),
        eb.and([eb("blocker_id", "=", otherId), eb("blocked_id", "=", userId)]),
      ]),
    )
    .execute();
  if (rows.some((row) => row.blocker_id === userId)) return "by_me";
  return rows.length > 0 ? "by_other" : "none";
}

export const toBlockState = (byMe: unknown, byOther: unknown): BlockState => (byMe ? "by_me" : byOther ? "by_other" : "none");

export async function blockPerson(blockerId: number, blockedId: number, now = new Date()): Promise<void> {
  await getDb()
    .insertInto("user_blocks")
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Lifts the user's block of the other party; false when there was none. */
export async function unblockPerson(blockerId: number, blockedId: number): Promise<boolean> {
  const result = await getDb()
    .deleteFrom("user_blocks")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Lifts the user's block of the person with this public id (users.public_id: random, so a form
 * names a person without exposing account numbers); false when it is no one the user blocked.
 */
export async function unblockByPublicId(blockerId: number, publicId: string): Promise<boolean> {
  const person = await getDb().selectFrom("users").select("id").where("public_id", "=", publicId).executeTakeFirst();
  return person ? unblockPerson(blockerId, person.id) : false;
}

/** The most blocked people the inbox lists; nobody blocks more in earnest. */
const BLOCKED_SHOWN = 100;

export type BlockedPerson = { publicId: string; name: string };

/**
 * SQL: the people the user blocked, the latest first, as one JSON value: the inbox reads it in
 * its one query (round trips, not rows, are what a page's reads cost).
 */
export function blockedPeopleJson(userId: number) {
  return sql<
    BlockedPerson[]
  >`(select coalesce(json_agg(json_build_object('publicId', x.public_id, 'name', x.name) order by x.created_at desc, x.id desc), '[]')
    from (select u.public_id, u.name, ub.created_at, u.id from user_blocks ub join users u on u.id = ub.blocked_id
      where ub.blocker_id = ${userId} order by ub.created_at desc, u.id desc limit ${BLOCKED_SHOWN}) x)`;
}
