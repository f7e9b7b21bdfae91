import { sql } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";
import { queuePush } from "#app/modules/push/send.server.ts";
import { blockedBetween } from "./blocks.server.ts";

/**
 * The push beside a new message's mail: to the other party of the conversation, unless one of
 * them blocked the other. Its key is the conversation's last message time, so each delivered
 * message is one notification per device, and a retried job adds none.
 */
export async function queueMessagePush(conversationId: number, senderId: number): Promise<void> {
  const row = await getDb()
    .selectFrom("conversations as c")
    .select(sql<number>`case when c.buyer_id = ${senderId} then c.seller_id else c.buyer_id end`.as("recipient_id"))
    .select(["c.last_message_at", "c.last_sender_id"])
    .select(blockedBetween(sql`(case when c.buyer_id = ${senderId} then c.seller_id else c.buyer_id end)`, senderId).as("blocked_pair"))
    .where("c.id", "=", conversationId)
    .where((eb) => eb.or([eb("c.buyer_id", "=", senderId), eb("c.seller_id", "=", senderId)]))
    .executeTakeFirst();
  if (!row || row.blocked_pair || row.last_sender_id !== senderId) return;
  await queuePush({
    userId: row.recipient_id,
    kind: "message",
    path: `/cabinet/messages/${conversationId}`,
    key: `message:${conversationId}:${new Date(row.last_message_at).getTime()}`,
  });
}
