import { sql, type RawBuilder } from "kysely";
import { createContext, type RouterContextProvider } from "react-router";
import type { Language } from "#app/i18n/locales.ts";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { LIVE_ADVERT, priceView, withFirstPhoto, type PriceLabels } from "#app/modules/adverts/queries.server.ts";
import { effectiveStatus } from "#app/modules/adverts/status.ts";
import { getDb } from "#app/modules/db/db.server.ts";
import { formatDate, formatTime, type DisplayDate } from "#app/modules/format/dates.ts";
import { displayImage, type DisplayImage } from "#app/modules/images/display-image.ts";
import { hasLink } from "./links.ts";
import { queueMessageMail } from "./mail.server.ts";
import type { CONVERSATION_REPORT_REASONS } from "./limits.ts";

type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];
import type { AdvertStatus, ConversationEvidence } from "#db/schema.ts";

// Private conversations between a buyer and an advert's seller. Only the two parties ever
// read one: every read and write here takes the user and finds nothing for anyone else, so
// a route cannot forget the check. Staff see messages only through a report, and those held
// for review (held.server.ts).

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/**
 * A buyer's text that already went to this many other sellers within the hour is held for
 * staff instead of delivered: one text to many sellers is the shape of spam and of scams.
 */
export const SAME_TEXT_SELLERS = 5;

type SendRefusal = "not_found" | "own_advert" | "blocked" | "limited";
/** `held`: stored, shown to the sender as waiting for review, not delivered until staff release it. */
export type SendOutcome = { ok: true; conversationId: number; held: boolean } | { ok: false; reason: SendRefusal; retryAfterSeconds?: number };

type Party = "buyer" | "seller";
const readColumn = (party: Party) => (party === "buyer" ? "buyer_read_at" : "seller_read_at") as "buyer_read_at" | "seller_read_at";

/** The user's side of a conversation, or null when they are not a party to it (a seller is not, while it is held). */
async function partyOf(conversationId: number, userId: number) {
  const row = await getDb()
    .selectFrom("conversations as c")
    .select(["c.id", "c.buyer_id", "c.seller_id", "c.blocked_by"])
    .where("c.id", "=", conversationId)
    .where(partyTo(userId))
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, party: (row.buyer_id === userId ? "buyer" : "seller") as Party };
}

/**
 * Conversation `c` belongs to the user's inbox: theirs as buyer, or as seller once it holds a
 * delivered message (one opened by a held message waits for staff).
 */
function partyTo(userId: number) {
  return sql<boolean>`(c.buyer_id = ${userId} or (c.seller_id = ${userId} and not c.held))`;
}

/** Message `m` is shown to the user: delivered, or their own (a held one says so). */
function visibleTo(userId: number) {
  return sql<boolean>`(m.held_at is null or m.sender_id = ${userId})`;
}

async function appendMessage(conversationId: number, senderId: number, party: Party, body: string, now: Date, held = false): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("messages").values({ conversation_id: conversationId, sender_id: senderId, body, created_at: now, held_at: held ? now : null }).execute();
      // Writing is reading: the sender's own message never counts as unread for them. A held
      // message is news to nobody yet: the conversation's last message stays the delivered one.
      await trx
        .updateTable("conversations")
        .set(held ? { [readColumn(party)]: now } : { last_message_at: now, last_sender_id: senderId, [readColumn(party)]: now, held: false })
        .where("id", "=", conversationId)
        .execute();
    });
  // A held message reaches the other party, and their mail, only when staff release it.
  if (!held) await queueMessageMail(conversationId, senderId);
}

/** Whether the buyer sent this text (case and spacing aside) to SAME_TEXT_SELLERS other sellers within the hour. */
async function sentToManySellers(buyerId: number, sellerId: number, body: string, now: Date): Promise<boolean> {
  const normal = (text: RawBuilder<unknown>) => sql`lower(regexp_replace(${text}, '[[:space:]]+', ' ', 'g'))`;
  const row = await getDb()
    .selectFrom("messages as m")
    .innerJoin("conversations as c", "c.id", "m.conversation_id")
    .select(sql<number>`count(distinct c.seller_id)`.as("sellers"))
    .where("m.sender_id", "=", buyerId)
    .where("m.created_at", ">", new Date(now.getTime() - HOUR_MS))
    .where("c.buyer_id", "=", buyerId)
    .where("c.seller_id", "!=", sellerId)
    .where(sql<boolean>`${normal(sql.ref("m.body"))} = ${normal(sql`${body}`)}`)
    .executeTakeFirstOrThrow();
  return Number(row.sellers) >= SAME_TEXT_SELLERS;
}

async function newConversationLimit(userId: number, now: Date): Promise<Limit> {
  const user = await getDb().selectFrom("users").select("created_at").where("id", "=", userId).executeTakeFirst();
  const young = !user || now.getTime() - new Date(user.created_at).getTime() < DAY_MS;
  const limits = getConfig().newConversationsPerHour;
  return { max: young ? limits.newAccount : limits.established, windowMs: HOUR_MS };
}

/**
 * A buyer's message about a live advert: it opens the conversation, or joins the one this
 * buyer already has about it. Opening counts against the user's hourly limit; joining does not.
 */
export async function sendAboutAdvert(advertId: number, buyerId: number, body: string, now = new Date()): Promise<SendOutcome> {
  const db = getDb();
  const advert = await db
    .selectFrom("advertisements as a")
    .select(["a.id", "a.owner_id", "a.title"])
    .where("a.id", "=", advertId)
    .where(LIVE_ADVERT)
    .executeTakeFirst();
  if (!advert) return { ok: false, reason: "not_found" };
  if (advert.owner_id === buyerId) return { ok: false, reason: "own_advert" };
  const existing = await db
    .selectFrom("conversations")
    .select(["id", "blocked_by"])
    .where("advertisement_id", "=", advertId)
    .where("buyer_id", "=", buyerId)
    .executeTakeFirst();
  if (existing?.blocked_by != null) return { ok: false, reason: "blocked" };
  let conversationId = existing?.id;
  const held = await sentToManySellers(buyerId, advert.owner_id, body, now);
  if (conversationId === undefined) {
    const limit = await consumeLimit([{ key: `conversation:user:${buyerId}`, limit: await newConversationLimit(buyerId, now) }], now);
    if (limit.limited) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
    // Two first messages at once (two tabs) meet in the unique key and share one conversation.
    const created = await db
      .insertInto("conversations")
      .values({ advertisement_id: advertId, advert_title: advert.title, buyer_id: buyerId, seller_id: advert.owner_id, created_at: now, last_message_at: now, held })
      .onConflict((oc) => oc.columns(["advertisement_id", "buyer_id"]).doUpdateSet({ advert_title: advert.title }))
      .returning("id")
      .executeTakeFirstOrThrow();
    conversationId = created.id;
  }
  await appendMessage(conversationId, buyerId, "buyer", body, now, held);
  return { ok: true, conversationId, held };
}

/** The toast after a message was stored: sent, or held for review. */
export function sentFlash(held: boolean) {
  return held ? ({ severity: "warn", message: "cabinet:messages.flash_held" } as const) : ({ severity: "success", message: "cabinet:messages.flash_sent" } as const);
}

/** A reply in a conversation the user is a party to. */
export async function reply(conversationId: number, userId: number, body: string, now = new Date()): Promise<SendOutcome> {
  const found = await partyOf(conversationId, userId);
  if (!found) return { ok: false, reason: "not_found" };
  if (found.blocked_by !== null) return { ok: false, reason: "blocked" };
  // The other side's account is gone: nobody would read it.
  if ((found.party === "buyer" ? found.seller_id : found.buyer_id) === null) return { ok: false, reason: "blocked" };
  const held = found.party === "buyer" && (await sentToManySellers(userId, found.seller_id!, body, now));
  await appendMessage(conversationId, userId, found.party, body, now, held);
  return { ok: true, conversationId, held };
}

/** Blocks (or, by the party who blocked, unblocks) the conversation; false when the user is no party or may not. */
export async function setBlocked(conversationId: number, userId: number, blocked: boolean, now = new Date()): Promise<boolean> {
  const found = await partyOf(conversationId, userId);
  if (!found) return false;
  if (blocked) {
    if (found.blocked_by === null) {
      await getDb().updateTable("conversations").set({ blocked_by: userId, blocked_at: now }).where("id", "=", conversationId).execute();
    }
    return true;
  }
  if (found.blocked_by !== userId) return false;
  await getDb().updateTable("conversations").set({ blocked_by: null, blocked_at: null }).where("id", "=", conversationId).execute();
  return true;
}

/**
 * Whether conversation `c` holds something new for the user: its last message came from the
 * other side after the user's read mark. One rule for the inbox's marks and the header's count.
 */
function unreadFor(userId: number) {
  return sql<boolean>`(c.last_sender_id is distinct from ${userId} and c.last_message_at > case when c.buyer_id = ${userId} then c.buyer_read_at else c.seller_read_at end)`;
}

export type MessageStatus = {
  /** Conversations with something new from the other side: the header's count. */
  unread: number;
  /** The newest message in any of the user's conversations (epoch ms; 0 for none): tells an open page to reload. */
  latest: number;
};

/** The header's figures over the user's conversations `c` (partyTo): one definition for every read of them. */
function statusColumns(userId: number) {
  return [
    sql<number>`count(*) filter (where ${unreadFor(userId)})`.as("unread"),
    sql<string | null>`floor(extract(epoch from max(c.last_message_at)) * 1000)::bigint`.as("latest"),
  ] as const;
}

const toStatus = (row: { unread: number | string; latest: number | string | null }): MessageStatus => ({
  unread: Number(row.unread),
  latest: row.latest === null ? 0 : Number(row.latest),
});

/** What the header and an open thread poll for; one indexed read per party column. */
export async function messageStatus(userId: number): Promise<MessageStatus> {
  const row = await getDb()
    .selectFrom("conversations as c")
    .select(statusColumns(userId))
    .where(partyTo(userId))
    .executeTakeFirstOrThrow();
  return toStatus(row);
}

/**
 * The header's figures of this request, when its page reads them with its own query: the
 * messages pages run one round trip where the root and the page ran one each (a round trip
 * costs the server more CPU than the rows in it). Unset, the root reads them itself.
 */
const sharedStatusContext = createContext<Promise<MessageStatus | null> | null>(null);

/** Called by a page's loader before its first await: the root's loader starts at the same time and looks after its own first await. */
export function shareMessageStatus(context: Readonly<RouterContextProvider>, status: Promise<MessageStatus | null>): void {
  // Nobody may be waiting (a `.data` request without the root): no unhandled rejection.
  status.catch(() => {});
  (context as RouterContextProvider).set(sharedStatusContext, status);
}

/** The header's figures: the page's when it shared them (a failed or empty page read falls back to a read of its own). */
export async function messageStatusFor(context: Readonly<RouterContextProvider>, userId: number): Promise<MessageStatus> {
  const shared = context.get(sharedStatusContext);
  const status = shared ? await shared.catch(() => null) : null;
  return status ?? messageStatus(userId);
}

export const CONVERSATIONS_PAGE_SIZE = 20;
/** What the inbox shows of the last message. */
const SNIPPET_LENGTH = 120;
/** The inbox's thumbnail: 4.5rem, twice for dense screens. */
const INBOX_IMAGE_WIDTH = 160;

/**
 * When a message was sent, in the page's language: "24.11.26 18:05". Formatting is most of a
 * thread's own work, and messages of one conversation often share a minute: each minute is
 * formatted once per page.
 */
function sentAtFormatter(language: Language): (date: Date) => DisplayDate {
  const minutes = new Map<number, string>();
  return (date) => {
    const minute = Math.floor(date.getTime() / 60_000);
    let text = minutes.get(minute);
    if (text === undefined) minutes.set(minute, (text = `${formatDate(date, language)} ${formatTime(date, language)}`));
    return { iso: date.toISOString(), text };
  };
}

/** What an inbox row shows of the advert, while it exists: the page sends nothing more (its size is CPU). */
type ConversationAdvert = { price: string; status: AdvertStatus; image: DisplayImage | null; categorySlug: string | null };

export type ConversationSummary = {
  id: number;
  otherName: string | null;
  /** The advert's title now, or the one it had when it was deleted. */
  advertTitle: string;
  advert: ConversationAdvert | null;
  lastMessage: string;
  lastMessageAt: DisplayDate;
  lastFromMe: boolean;
  unread: boolean;
  blocked: boolean;
};

/**
 * The user's conversations, newest activity first, with what a row shows of the advert and the
 * other party's name, the total and the header's figures: one query (round trips, not rows,
 * are most of what a page's reads cost the server).
 */
export async function listConversations(userId: number, page: number, language: Language, labels: PriceLabels) {
  const db = getDb();
  const mine = db.selectFrom("conversations as c").where(partyTo(userId));
  const totals = mine.select((eb) => [eb.fn.countAll<number>().as("total"), ...statusColumns(userId)]);
  const pageRows = mine
    .leftJoin("users as other", (join) => join.on(sql<boolean>`other.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end`))
    .select(["c.id", "c.advertisement_id", "c.advert_title", "c.last_message_at", "c.last_sender_id", "c.blocked_by", "other.name as other_name"])
    .select(unreadFor(userId).as("row_unread"))
    .select(
      sql<string>`(select left(m.body, ${SNIPPET_LENGTH}) from messages m where m.conversation_id = c.id and ${visibleTo(userId)} order by m.id desc limit 1)`.as("last_body"),
    )
    .orderBy("c.last_message_at", "desc")
    .orderBy("c.id", "desc")
    .limit(CONVERSATIONS_PAGE_SIZE)
    .offset((page - 1) * CONVERSATIONS_PAGE_SIZE);
  // The advert of each of the page's rows only (lateral after the limit), while it exists.
  const advert = withFirstPhoto(db.selectFrom("advertisements as a"))
    .leftJoin("categories as cat", "cat.id", "a.category_id")
    .select(["a.title as live_title", "a.price_kind", "a.price_amount", "a.price_currency", "a.status", "a.expires_at", "cat.slug as category_slug"])
    .where(sql<boolean>`a.id = p.advertisement_id`)
    .where("a.deleted_at", "is", null);
  const rows = await db
    .selectFrom(totals.as("s"))
    .leftJoinLateral(pageRows.as("p"), (join) => join.onTrue())
    .leftJoinLateral(advert.as("adv"), (join) => join.onTrue())
    .select(["s.total", "s.unread", "s.latest"])
    .selectAll("p")
    .selectAll("adv")
    .orderBy("p.last_message_at", "desc")
    .orderBy("p.id", "desc")
    .execute();
  const first = rows[0]!;
  const sentAt = sentAtFormatter(language);
  const items: ConversationSummary[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    items.push({
      id: row.id,
      otherName: row.other_name,
      advertTitle: row.live_title ?? row.advert_title!,
      advert:
        row.live_title === null
          ? null
          : {
              price: priceView({ price_kind: row.price_kind!, price_amount: row.price_amount, price_currency: row.price_currency }, language, labels).text,
              status: effectiveStatus(row.status!, row.expires_at),
              image: displayImage(row, language, INBOX_IMAGE_WIDTH, row.live_title),
              categorySlug: row.category_slug,
            },
      lastMessage: row.last_body ?? "",
      lastMessageAt: sentAt(new Date(row.last_message_at!)),
      lastFromMe: row.last_sender_id === userId,
      unread: Boolean(row.row_unread),
      blocked: row.blocked_by !== null,
    });
  }
  return { items, total: Number(first.total), status: toStatus(first) };
}

/** The newest messages of a thread the page shows; older ones are rarely read again. */
const THREAD_MESSAGES_SHOWN = 200;

/** `held`: the user's own message waiting for staff, not yet delivered. */
/**
 * `sentIso`/`sentText`: when it was sent (a flat message: 60 nested objects were a share of
 * the page's data). `links`: from a verified sender and holding a link, so its links are clickable.
 */
type ThreadMessage = { id: number; body: string; sentIso: string; sentText: string; mine: boolean; links: boolean; held: boolean };
export type Thread = {
  id: number;
  advertTitle: string;
  advertSlug: string | null;
  advertLive: boolean;
  otherName: string | null;
  party: Party;
  /** Who blocked: nobody, this user, or the other party. */
  blocked: "none" | "by_me" | "by_other";
  messages: ThreadMessage[];
};

type ThreadRow = { id: number; body: string; sender_id: number | null; sent_ms: number; held: boolean; sender_verified: boolean };

/**
 * The thread for one of its parties, marked read for them, with the header's figures as they
 * are once it is read; null for anyone else. One query: the party check, the advert, the other
 * side's name, the messages (as one JSON value, cheaper to read than a row each) and the
 * figures; a second only when there is something new to mark read.
 */
export async function openThread(conversationId: number, userId: number, language: Language, now = new Date()): Promise<{ thread: Thread; status: MessageStatus } | null> {
  const db = getDb();
  const messages = db
    .selectFrom("messages as m")
    .leftJoin("users as u", "u.id", "m.sender_id")
    // Flags and epoch milliseconds, not timestamps: parsing dates is a good part of reading 200 messages.
    .select(["m.id", "m.body", "m.sender_id"])
    .select([
      sql<number>`floor(extract(epoch from m.created_at) * 1000)::bigint`.as("sent_ms"),
      sql<boolean>`m.held_at is not null`.as("held"),
      sql<boolean>`u.email_verified_at is not null`.as("sender_verified"),
    ])
    .where("m.conversation_id", "=", conversationId)
    .where(visibleTo(userId))
    .orderBy("m.id", "desc")
    .limit(THREAD_MESSAGES_SHOWN);
  const conversation = await db
    .selectFrom("conversations as c")
    .leftJoin("advertisements as a", (join) => join.onRef("a.id", "=", "c.advertisement_id").on("a.deleted_at", "is", null))
    .leftJoin("users as other", (join) => join.on(sql<boolean>`other.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end`))
    .leftJoinLateral(db.selectFrom("conversations as c").select(statusColumns(userId)).where(partyTo(userId)).as("s"), (join) => join.onTrue())
    .leftJoinLateral(
      db.selectFrom(messages.as("t")).select(sql<ThreadRow[]>`coalesce(json_agg(t order by t.id), '[]')`.as("messages")).as("shown"),
      (join) => join.onTrue(),
    )
    .select(["c.buyer_id", "c.blocked_by", "c.advert_title", "a.slug", "other.name as other_name", "s.unread", "s.latest", "shown.messages"])
    .select([sql<boolean>`coalesce(${LIVE_ADVERT}, false)`.as("live"), unreadFor(userId).as("row_unread")])
    .where("c.id", "=", conversationId)
    .where(partyTo(userId))
    .executeTakeFirst();
  if (!conversation) return null;
  const party: Party = conversation.buyer_id === userId ? "buyer" : "seller";
  const status = toStatus({ unread: conversation.unread ?? 0, latest: conversation.latest ?? null });
  // Only news moves the read mark: reading a thread again writes nothing.
  if (conversation.row_unread) {
    await db.updateTable("conversations").set({ [readColumn(party)]: now }).where("id", "=", conversationId).execute();
    status.unread = Math.max(0, status.unread - 1);
  }
  const sentAt = sentAtFormatter(language);
  const thread: Thread = {
    id: conversationId,
    advertTitle: conversation.advert_title,
    advertSlug: conversation.slug ?? null,
    advertLive: Boolean(conversation.live),
    otherName: conversation.other_name,
    party,
    blocked: conversation.blocked_by === null ? "none" : conversation.blocked_by === userId ? "by_me" : "by_other",
    messages: (conversation.messages ?? []).map((m) => {
      const at = sentAt(new Date(Number(m.sent_ms)));
      return {
        id: m.id,
        body: m.body,
        sentIso: at.iso,
        sentText: at.text,
        mine: m.sender_id === userId,
        links: Boolean(m.sender_verified) && hasLink(m.body),
        held: Boolean(m.held),
      };
    }),
  };
  return { thread, status };
}

/** The newest messages a report keeps as evidence. */
const EVIDENCE_MESSAGES = 50;
export type ReportOutcome = "reported" | "duplicate" | "not_found";

/**
 * A party reports the conversation: the report reaches the dashboard's queue with the
 * messages as they are now, the only way staff ever read them. One open report per reporter.
 */
export async function reportConversation(
  conversationId: number,
  userId: number,
  reason: ConversationReportReason,
  note: string,
): Promise<ReportOutcome> {
  const found = await partyOf(conversationId, userId);
  if (!found) return "not_found";
  const db = getDb();
  const open = await db
    .selectFrom("reports")
    .select("id")
    .where("target_type", "=", "conversation")
    .where("target_id", "=", conversationId)
    .where("reporter_id", "=", userId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (open) return "duplicate";
  const [conversation, messages] = await Promise.all([
    db.selectFrom("conversations").select(["advert_title", "buyer_id"]).where("id", "=", conversationId).executeTakeFirstOrThrow(),
    db
      .selectFrom("messages as m")
      .leftJoin("users as u", "u.id", "m.sender_id")
      .select(["m.body", "m.created_at", "m.sender_id", "u.name"])
      .where("m.conversation_id", "=", conversationId)
      .where(visibleTo(userId))
      .orderBy("m.id", "desc")
      .limit(EVIDENCE_MESSAGES)
      .execute(),
  ]);
  const evidence: ConversationEvidence = {
    advertTitle: conversation.advert_title,
    messages: messages.reverse().map((m) => ({
      from: m.sender_id !== null && m.sender_id === conversation.buyer_id ? "buyer" : "seller",
      name: m.name,
      body: m.body,
      at: new Date(m.created_at).toISOString(),
    })),
  };
  await db
    .insertInto("reports")
    .values({ target_type: "conversation", target_id: conversationId, reason, message: note, reporter_id: userId, evidence: JSON.stringify(evidence) })
    .execute();
  return "reported";
}
