import { sql, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { queueMessageMail } from "./mail.server.ts";

// Messages held for staff (the same text, or a disguised near-duplicate of it, from one buyer
// to many sellers within an hour, see SAME_TEXT_SELLERS in conversations.server.ts and
// near-duplicate.ts). Staff see them in the reports queue of the dashboard, one entry per
// sender and exact text (each disguise is its own entry), and release (deliver) or discard
// them all at once.

/** The held messages shown at once; a spam wave is one entry however many sellers it reached. */
const HELD_GROUPS_SHOWN = 50;

export type HeldGroup = {
  /** The group's first message: what the release and discard forms name. */
  id: number;
  senderName: string | null;
  body: string;
  /** Messages held with this text, and the sellers they would reach. */
  count: number;
  sellers: number;
  latest: Date;
};

/** Held messages grouped by sender and text, the newest first, with how many groups there are. */
export async function heldMessageGroups(): Promise<{ groups: HeldGroup[]; total: number }> {
  const db = getDb();
  const grouped = db
    .selectFrom("messages as m")
    .innerJoin("conversations as c", "c.id", "m.conversation_id")
    .where("m.held_at", "is not", null)
    .groupBy(["m.sender_id", "m.body"]);
  const [rows, totalRow] = await Promise.all([
    grouped
      .leftJoin("users as u", "u.id", "m.sender_id")
      .groupBy("u.name")
      .select([
        sql<number>`min(m.id)`.as("id"),
        "u.name",
        "m.body",
        sql<number>`count(*)`.as("count"),
        sql<number>`count(distinct c.seller_id)`.as("sellers"),
        sql<Date>`max(m.held_at)`.as("latest"),
      ])
      .orderBy("latest", "desc")
      .limit(HELD_GROUPS_SHOWN)
      .execute(),
    db
      .selectFrom(grouped.select("m.sender_id").as("g"))
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    groups: rows.map((row) => ({
      id: Number(row.id),
      senderName: row.name,
      body: row.body,
      count: Number(row.count),
      sellers: Number(row.sellers),
      latest: new Date(row.latest),
    })),
    total: Number(totalRow.total),
  };
}

/** How many held groups wait for staff (the reports queue's count on the dashboard home includes them). */
export async function heldGroupCount(): Promise<number> {
  const row = await getDb()
    .selectFrom("messages")
    .select(sql<number>`count(distinct (sender_id, body))::int`.as("n"))
    .where("held_at", "is not", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The held messages of the group message `id` belongs to (same sender, same text); empty when it is not held. */
async function heldGroupOf(id: number) {
  const db = getDb();
  const first = await db
    .selectFrom("messages")
    .select(["sender_id", "body"])
    .where("id", "=", id)
    .where("held_at", "is not", null)
    .executeTakeFirst();
  if (!first) return [];
  return db
    .selectFrom("messages")
    .select(["id", "conversation_id", "sender_id"])
    .where("held_at", "is not", null)
    .where(sql<boolean>`sender_id is not distinct from ${first.sender_id}`)
    .where("body", "=", first.body)
    .execute();
}

type HeldMessage = Awaited<ReturnType<typeof heldGroupOf>>[number];

/** The held group of message `id`, changed by `change` in one transaction (not called when there is none). */
async function changeHeldGroup(
  id: number,
  change: (trx: Transaction<DB>, ids: number[], group: HeldMessage[]) => Promise<void>,
): Promise<HeldMessage[]> {
  const group = await heldGroupOf(id);
  const ids = group.map((message) => message.id);
  if (ids.length > 0)
    await getDb()
      .transaction()
      .execute((trx) => change(trx, ids, group));
  return group;
}

/**
 * Delivers the group: each message becomes its conversation's newest news for the seller (so
 * it shows as unread), and a conversation it opened appears in the seller's inbox. Returns how
 * many messages went.
 */
export async function releaseHeld(id: number, now = new Date()): Promise<number> {
  const messages = await changeHeldGroup(id, async (trx, ids, group) => {
    await trx.updateTable("messages").set({ held_at: null }).where("id", "in", ids).execute();
    for (const message of group) {
      await trx
        .updateTable("conversations")
        .set({ held: false, last_message_at: now, last_sender_id: message.sender_id })
        .where("id", "=", message.conversation_id)
        .execute();
    }
  });
  for (const message of messages) await queueMessageMail(message.conversation_id, message.sender_id!);
  return messages.length;
}

/** Deletes the group; a conversation that only they had opened goes with them. Returns how many messages went. */
export async function discardHeld(id: number): Promise<number> {
  const messages = await changeHeldGroup(id, async (trx, ids, group) => {
    await trx.deleteFrom("messages").where("id", "in", ids).execute();
    await trx
      .deleteFrom("conversations as c")
      .where("c.id", "in", [...new Set(group.map((message) => message.conversation_id))])
      .where("c.held", "=", true)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("messages as m").select("m.id").whereRef("m.conversation_id", "=", "c.id"))),
      )
      .execute();
  });
  return messages.length;
}
