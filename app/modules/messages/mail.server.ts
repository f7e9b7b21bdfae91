import { sql } from "kysely";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import type { Locale, MessageMail } from "#db/schema.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { countOverIdBatches } from "#app/platform/db/id-batches.server.ts";
import { z } from "zod";
import { defineJob, enqueue, MAIL_QUEUE, SCAN_QUEUE, defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn, unsubscribeHeaders } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { messagesUnsubscribeToken } from "#app/modules/saved-searches/unsubscribe.server.ts";
import { blockedBetween } from "./blocks.server.ts";
import { messageMail } from "./mails/message.ts";
import { logger } from "#app/platform/logger/logger.server.ts";
import { queueMessagePush } from "./push.server.ts";

// Mail about new private messages, never with their text: the advert's title and a link to
// the thread, in the recipient's language. Each user picks (users.message_mail):
//  - "instant": the first unread message of a conversation is mailed within a minute; while
//    it stays unread, further messages there are mailed at most once per THROTTLE_MS;
//  - "daily": one digest a day of the conversations with unread messages;
//  - "off": nothing.
// Every mail has the one-click unsubscribe (RFC 8058) the alert mails use.

export const THROTTLE_MS = 30 * 60 * 1000;
/** A message read within this time of its arrival needs no mail. */
const GRACE_SECONDS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest comes at most this often, whatever the schedule does (a catch-up run, a clock change). */
const DIGEST_GAP_MS = 20 * 60 * 60 * 1000;

/**
 * The hook after a message is stored: the other party's mail is considered in a moment. The
 * message is sent whatever happens here, so a failure to queue is logged, not the sender's error.
 */
export async function queueMessageMail(conversationId: number, senderId: number): Promise<void> {
  // One waiting job per conversation and sender is enough: it looks at the conversation as it is then.
  await enqueue(
    messageMailJob,
    { conversationId, senderId },
    { singletonKey: `${conversationId}:${senderId}`, startAfter: GRACE_SECONDS },
  ).catch((error: unknown) => logger.error({ err: error, conversationId }, "message mail not queued"));
  await queueMessagePush(conversationId, senderId).catch((error: unknown) =>
    logger.error({ err: error, conversationId }, "message push not queued"),
  );
}

type Recipient = { id: number; email: string; name: string; preferred_locale: Locale };

function links(locale: Locale) {
  const origin = publicOrigin();
  return (path: string) => new URL(localizePath(path, locale), origin).href;
}

async function mailAbout(recipient: Recipient, kind: "instant" | "digest", threads: Array<{ id: number; title: string }>): Promise<void> {
  const language = languageOf(recipient.preferred_locale);
  const site = await siteNameIn(language);
  const link = links(recipient.preferred_locale);
  const unsubscribe = `${link("/unsubscribe")}?token=${encodeURIComponent(messagesUnsubscribeToken(recipient.id))}`;
  const data = {
    kind,
    name: recipient.name || recipient.email,
    site,
    threads: threads.map((thread) => ({ title: thread.title, link: link(`/cabinet/messages/${thread.id}`) })),
    settingsLink: link("/cabinet"),
    unsubscribe,
  };
  await sendTemplateMail(messageMail, data, {
    to: recipient.email,
    language,
    link: link(`/cabinet/messages/${threads[0]?.id ?? ""}`),
    fromName: site,
    headers: unsubscribeHeaders(unsubscribe),
  });
}

/**
 * The job after a message: mails the other party if they want mail at once, the conversation
 * is still unread for them, and they were not mailed about it since they last read it (or that
 * was THROTTLE_MS ago and something came since). Too soon: the job comes back when it is not.
 */
export async function sendMessageMail(job: z.output<typeof messageMailPayload>, now = new Date()): Promise<"sent" | "later" | "none"> {
  const db = getDb();
  const row = await db
    .selectFrom("conversations as c")
    .innerJoin("users as u", (join) =>
      join.on(sql<boolean>`u.id = case when c.buyer_id = ${job.senderId} then c.seller_id else c.buyer_id end`),
    )
    .select([
      "c.id",
      "c.advert_title",
      "c.buyer_id",
      "c.last_sender_id",
      "c.last_message_at",
      "c.buyer_read_at",
      "c.seller_read_at",
      "c.buyer_mailed_at",
      "c.seller_mailed_at",
    ])
    .select(["u.id as user_id", "u.email", "u.name", "u.preferred_locale", "u.message_mail", "u.blocked_at"])
    // A block between the two, made in any of their conversations, stops the mail too.
    .select(blockedBetween(sql.ref("u.id"), job.senderId).as("blocked_pair"))
    .where("c.id", "=", job.conversationId)
    .where((eb) => eb.or([eb("c.buyer_id", "=", job.senderId), eb("c.seller_id", "=", job.senderId)]))
    .executeTakeFirst();
  if (!row || row.message_mail !== "instant" || row.blocked_at || row.blocked_pair) return "none";
  const isBuyer = row.buyer_id === row.user_id;
  const readAt = new Date(isBuyer ? row.buyer_read_at : row.seller_read_at);
  const mailedAt = (isBuyer ? row.buyer_mailed_at : row.seller_mailed_at) ?? null;
  const lastAt = new Date(row.last_message_at);
  if (row.last_sender_id === row.user_id || lastAt <= readAt) return "none";
  const mailedSinceRead = mailedAt !== null && new Date(mailedAt) > readAt;
  if (mailedSinceRead) {
    if (lastAt <= new Date(mailedAt)) return "none";
    const due = new Date(new Date(mailedAt).getTime() + THROTTLE_MS);
    if (due > now) {
      await enqueue(messageMailJob, job, { singletonKey: `${job.conversationId}:${job.senderId}`, startAfter: due });
      return "later";
    }
  }
  // Claim the mail first (another worker may be at the same conversation); give it back if sending fails.
  const column = isBuyer ? "buyer_mailed_at" : "seller_mailed_at";
  const claimed = await db
    .updateTable("conversations")
    .set({ [column]: now })
    .where("id", "=", row.id)
    .where(column, mailedAt === null ? "is" : "=", mailedAt)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return "none";
  try {
    await mailAbout({ id: row.user_id, email: row.email, name: row.name, preferred_locale: row.preferred_locale }, "instant", [
      { id: row.id, title: row.advert_title },
    ]);
  } catch (error) {
    await db
      .updateTable("conversations")
      .set({ [column]: mailedAt })
      .where("id", "=", row.id)
      .where(column, "=", now)
      .execute();
    throw error;
  }
  return "sent";
}

/** The daily job: queues a digest for each user who chose one and has something unread since the last. */
export async function queueMessageDigests(now = new Date()): Promise<number> {
  const dueUsers = getDb()
    .selectFrom("users as u")
    .select("u.id")
    .where("u.message_mail", "=", "daily")
    .where("u.blocked_at", "is", null)
    .where((eb) => eb.or([eb("u.message_digest_at", "is", null), eb("u.message_digest_at", "<=", new Date(now.getTime() - DIGEST_GAP_MS))]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("conversations as c")
          .select("c.id")
          .where(unreadSinceDigest(new Date(now.getTime() - DAY_MS))),
      ),
    );
  return countOverIdBatches(
    dueUsers,
    "u.id",
    async ({ id }) => (await enqueue(messageDigestJob, { userId: id, at: now.toISOString() }, { singletonKey: String(id) })) !== null,
  );
}

/**
 * For conversation `c` of user `u`: a message from the other side is unread and came after u's
 * last digest (with no digest yet, within `dayBefore`). The inbox's unread rule, plus the digest's.
 */
function unreadSinceDigest(dayBefore: Date) {
  return sql<boolean>`(c.buyer_id = u.id or c.seller_id = u.id)
    and not ${blockedBetween(sql.ref("u.id"), sql`(case when c.buyer_id = u.id then c.seller_id else c.buyer_id end)`)}
    and c.last_sender_id is distinct from u.id
    and c.last_message_at > case when c.buyer_id = u.id then c.buyer_read_at else c.seller_read_at end
    and c.last_message_at > coalesce(u.message_digest_at, ${dayBefore})`;
}

/** The digest job: one mail listing the user's conversations with unread messages. */
async function sendMessageDigest(job: z.output<typeof messageDigestPayload>): Promise<boolean> {
  const db = getDb();
  const at = new Date(job.at);
  const user = await db
    .selectFrom("users as u")
    .select(["u.id", "u.email", "u.name", "u.preferred_locale", "u.message_mail", "u.message_digest_at", "u.blocked_at"])
    .where("u.id", "=", job.userId)
    .executeTakeFirst();
  if (!user || user.message_mail !== "daily" || user.blocked_at) return false;
  if (user.message_digest_at && new Date(user.message_digest_at) > new Date(at.getTime() - DIGEST_GAP_MS)) return false;
  const threads = await db
    .selectFrom("conversations as c")
    .innerJoin("users as u", (join) => join.on("u.id", "=", user.id))
    .select(["c.id", "c.advert_title as title"])
    .where(unreadSinceDigest(new Date(at.getTime() - DAY_MS)))
    .orderBy("c.last_message_at", "desc")
    .limit(20)
    .execute();
  if (threads.length === 0) return false;
  await mailAbout(user, "digest", threads);
  await db.updateTable("users").set({ message_digest_at: at }).where("id", "=", user.id).execute();
  return true;
}

/** The user's choice, for the cabinet form. */
export async function messageMailOf(userId: number): Promise<MessageMail> {
  const row = await getDb().selectFrom("users").select("message_mail").where("id", "=", userId).executeTakeFirst();
  return row?.message_mail ?? "instant";
}

export async function setMessageMail(userId: number, choice: MessageMail): Promise<void> {
  await getDb().updateTable("users").set({ message_mail: choice, updated_at: new Date() }).where("id", "=", userId).execute();
}

const messageMailPayload = z.object({ conversationId: z.number().int(), senderId: z.number().int() });
const messageDigestPayload = z.object({ userId: z.number().int(), at: z.iso.datetime() });

/** After a private message: maybe a mail to the other party. Per conversation and sender (singletonKey): one waiting and one running; a message meanwhile adds nothing. */
export const messageMailJob = defineJob({
  name: "mail-message",
  schema: messageMailPayload,
  queue: { ...MAIL_QUEUE, policy: "stately" },
  handler: (payload) => sendMessageMail(payload),
});

/** The daily scan that queues message digests: morning in Europe, where most readers live. */
export const messageDigestsJob = defineScanJob({
  name: "message-digests",
  schedule: { cron: "0 6 * * *" },
  scan: queueMessageDigests,
  queue: { ...SCAN_QUEUE, deleteAfterSeconds: 7 * 24 * 3_600 },
});

/** One user's digest. */
export const messageDigestJob = defineJob({
  name: "mail-message-digest",
  schema: messageDigestPayload,
  queue: { ...MAIL_QUEUE, policy: "exclusive" },
  handler: sendMessageDigest,
});
