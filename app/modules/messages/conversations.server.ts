import { sql } from "kysely";
import { createContext, type RouterContextProvider } from "react-router";
import type { Language } from "#app/i18n/locales.ts";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { LIVE_ADVERT, priceView, withFirstPhoto, type PriceLabels } from "#app/modules/adverts/queries.server.ts";
import { effectiveStatus } from "#app/modules/adverts/status.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { formatDate, formatTime, type DisplayDate } from "#app/platform/format/dates.ts";
import { userTextLang } from "#app/platform/format/text-language.ts";
import { displayImage, type DisplayImage } from "#app/platform/images/display-image.ts";
import {
  blockedBetween,
  blockedBy,
  blockedPeopleJson,
  blockPerson,
  blockState,
  toBlockState,
  unblockPerson,
  type BlockState,
} from "./blocks.server.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { hasLink } from "./links.ts";
import { scamDetectorFor, type ScamSignal } from "./scam-signals.ts";
import { holdsBannedWord } from "#app/modules/moderation/banned-words.ts";
import { queueMessageMail } from "./mail.server.ts";
import { MESSAGES_LIMIT, type CONVERSATION_REPORT_REASONS } from "./limits.ts";
import { FINGERPRINT_CHARS, fingerprint, nearDuplicate } from "./near-duplicate.ts";

type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];
import type { AdvertStatus, ConversationEvidence } from "#db/schema.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";
import { ratingFactColumns, ratingPanel, type RatingPanel } from "#app/modules/ratings/ratings.server.ts";
import { hasOpenReport } from "#app/modules/reports/reports.server.ts";

// Private conversations between a buyer and an advert's seller. Only the two parties ever
// read one: every read and write here takes the user and finds nothing for anyone else, so
// a route cannot forget the check. Staff see messages only through a report, and those held
// for review (held.server.ts).

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/**
 * A buyer's text that already went to this many other sellers within the hour is held for
 * staff instead of delivered: one text to many sellers is the shape of spam and of scams.
 * "The same text" is a near-duplicate however disguised (near-duplicate.ts).
 */
export const SAME_TEXT_SELLERS = 5;
/** The sender's newest messages of the hour the check reads: bounded work per message. */
const SAME_TEXT_COMPARED = 200;

/**
 * `blocked`: the other party blocked the sender (in a conversation they had); `blocked_new`:
 * the same, for a conversation the sender would open; `you_blocked`: the sender blocked them;
 * `limited`: too many new conversations; `too_many_messages`: too many messages.
 */
type SendRefusal = "not_found" | "own_advert" | "blocked" | "blocked_new" | "you_blocked" | "limited" | "too_many_messages";
/**
 * `held`: stored, shown to the sender as waiting for review, not delivered until staff release it:
 * `many_sellers` (the same text to many sellers within the hour) or `review` (a banned word).
 */
export type HoldReason = "many_sellers" | "review";
export type SendOutcome =
  { ok: true; conversationId: number; held: HoldReason | false } | { ok: false; reason: SendRefusal; retryAfterSeconds?: number };

type Party = "buyer" | "seller";
const readColumn = (party: Party) => (party === "buyer" ? "buyer_read_at" : "seller_read_at") as "buyer_read_at" | "seller_read_at";

/** The user's side of a conversation, or null when they are not a party to it (a seller is not, while it is held). */
async function partyOf(conversationId: number, userId: number) {
  const row = await getDb()
    .selectFrom("conversations as c")
    .select(["c.id", "c.buyer_id", "c.seller_id"])
    .where("c.id", "=", conversationId)
    .where(partyTo(userId))
    .executeTakeFirst();
  if (!row) return null;
  const party: Party = row.buyer_id === userId ? "buyer" : "seller";
  return { ...row, party, otherId: party === "buyer" ? row.seller_id : row.buyer_id };
}

/** The other party's id in conversation `c`, seen by the user. */
function otherPartyOf(userId: number) {
  return sql<number | null>`(case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end)`;
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

async function appendMessage(
  conversationId: number,
  senderId: number,
  party: Party,
  body: string,
  now: Date,
  hold: HoldReason | false = false,
): Promise<void> {
  const held = hold !== false;
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("messages")
        .values({ conversation_id: conversationId, sender_id: senderId, body, created_at: now, held_at: held ? now : null })
        .execute();
      // Writing is reading: the sender's own message never counts as unread for them. A held
      // message is news to nobody yet: the conversation's last message stays the delivered one.
      await trx
        .updateTable("conversations")
        .set(
          held ? { [readColumn(party)]: now } : { last_message_at: now, last_sender_id: senderId, [readColumn(party)]: now, held: false },
        )
        .where("id", "=", conversationId)
        .execute();
    });
  // A held message reaches the other party, and their mail, only when staff release it.
  if (!held) await queueMessageMail(conversationId, senderId);
}

/**
 * Whether the buyer sent this text, or a near-duplicate of it, to SAME_TEXT_SELLERS other
 * sellers within the hour. Reads the buyer's newest SAME_TEXT_COMPARED messages of the hour
 * to other sellers (their first FINGERPRINT_CHARS characters), one comparison per message at
 * most, and stops at the answer.
 */
async function sentToManySellers(buyerId: number, sellerId: number, body: string, now: Date): Promise<boolean> {
  const recent = await getDb()
    .selectFrom("messages as m")
    .innerJoin("conversations as c", "c.id", "m.conversation_id")
    .select(["c.seller_id", sql<string>`left(m.body, ${FINGERPRINT_CHARS})`.as("body")])
    .where("m.sender_id", "=", buyerId)
    .where("m.created_at", ">", new Date(now.getTime() - HOUR_MS))
    .where("c.buyer_id", "=", buyerId)
    .where("c.seller_id", "!=", sellerId)
    .orderBy("m.created_at", "desc")
    .limit(SAME_TEXT_COMPARED)
    .execute();
  const text = fingerprint(body);
  const sellers = new Set<number | null>();
  for (const message of recent) {
    if (sellers.has(message.seller_id) || !nearDuplicate(text, fingerprint(message.body))) continue;
    sellers.add(message.seller_id);
    if (sellers.size >= SAME_TEXT_SELLERS) return true;
  }
  return false;
}

/** Counts one message against the sender's MESSAGES_LIMIT; the refusal when it is used up. */
async function consumeMessageLimit(userId: number, now: Date) {
  return consumeLimit([{ key: `message:user:${userId}`, limit: MESSAGES_LIMIT }], now);
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
  const [existing, block] = await Promise.all([
    db.selectFrom("conversations").select("id").where("advertisement_id", "=", advertId).where("buyer_id", "=", buyerId).executeTakeFirst(),
    blockState(buyerId, advert.owner_id),
  ]);
  if (block !== "none") return { ok: false, reason: blockRefusal(block, existing !== undefined) };
  let conversationId = existing?.id;
  const messageLimit = await consumeMessageLimit(buyerId, now);
  if (messageLimit.limited) return { ok: false, reason: "too_many_messages", retryAfterSeconds: messageLimit.retryAfterSeconds };
  const hold = await holdReason(buyerId, advert.owner_id, body, now);
  const held = hold !== false;
  if (conversationId === undefined) {
    const limit = await consumeLimit([{ key: `conversation:user:${buyerId}`, limit: await newConversationLimit(buyerId, now) }], now);
    if (limit.limited) {
      // Not sent: it does not count as a message either.
      await messageLimit.release();
      return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
    }
    // Two first messages at once (two tabs) meet in the unique key and share one conversation.
    const created = await db
      .insertInto("conversations")
      .values({
        advertisement_id: advertId,
        advert_title: advert.title,
        buyer_id: buyerId,
        seller_id: advert.owner_id,
        created_at: now,
        last_message_at: now,
        held,
      })
      .onConflict((oc) => oc.columns(["advertisement_id", "buyer_id"]).doUpdateSet({ advert_title: advert.title }))
      .returning("id")
      .executeTakeFirstOrThrow();
    conversationId = created.id;
  }
  await appendMessage(conversationId, buyerId, "buyer", body, now, hold);
  return { ok: true, conversationId, held: hold };
}

/** Why a message between two people with a block between them is refused. */
function blockRefusal(block: Exclude<BlockState, "none">, inConversation: boolean): SendRefusal {
  if (block === "by_me") return "you_blocked";
  return inConversation ? "blocked" : "blocked_new";
}

/**
 * How a route answers a refused message (other than not found): the form-level message key,
 * shown beside the field with the text kept, and the status; a limit is 429 with Retry-After.
 */
export function refusalAnswer(outcome: Extract<SendOutcome, { ok: false }>): { message: string; init: ResponseInit } {
  if (outcome.reason === "limited" || outcome.reason === "too_many_messages") {
    const seconds = outcome.retryAfterSeconds ?? 60;
    const key = outcome.reason === "limited" ? "too_many" : "too_many_messages";
    return {
      message: `cabinet:messages.errors.${key}|${JSON.stringify({ minutes: Math.max(1, Math.ceil(seconds / 60)) })}`,
      init: { status: 429, headers: { "Retry-After": String(seconds) } },
    };
  }
  return { message: `cabinet:messages.errors.${outcome.reason}`, init: { status: outcome.reason === "own_advert" ? 400 : 403 } };
}

/**
 * Why a message is held, or false: a banned word (either party), or a buyer's text that already
 * went to many sellers (`sellerId`: the seller a buyer writes to; null for a seller's reply).
 */
async function holdReason(senderId: number, sellerId: number | null, body: string, now: Date): Promise<HoldReason | false> {
  const settings = await getCachedSettings();
  if (holdsBannedWord(settings.banned_words, body)) return "review";
  return sellerId !== null && (await sentToManySellers(senderId, sellerId, body, now)) ? "many_sellers" : false;
}

/** The toast after a message was stored: sent, or held for review (a banned word is not named: the notice is neutral). */
export function sentFlash(held: HoldReason | false) {
  if (held === "review") return { severity: "warn", message: "cabinet:messages.flash_review" } as const;
  return held
    ? ({ severity: "warn", message: "cabinet:messages.flash_held" } as const)
    : ({ severity: "success", message: "cabinet:messages.flash_sent" } as const);
}

/** A reply in a conversation the user is a party to. */
export async function reply(conversationId: number, userId: number, body: string, now = new Date()): Promise<SendOutcome> {
  const found = await partyOf(conversationId, userId);
  if (!found) return { ok: false, reason: "not_found" };
  // The other side's account is gone: nobody would read it.
  if (found.otherId === null) return { ok: false, reason: "blocked" };
  const block = await blockState(userId, found.otherId);
  if (block !== "none") return { ok: false, reason: blockRefusal(block, true) };
  const messageLimit = await consumeMessageLimit(userId, now);
  if (messageLimit.limited) return { ok: false, reason: "too_many_messages", retryAfterSeconds: messageLimit.retryAfterSeconds };
  const held = await holdReason(userId, found.party === "buyer" ? found.seller_id! : null, body, now);
  await appendMessage(conversationId, userId, found.party, body, now, held);
  return { ok: true, conversationId, held };
}

/**
 * From a thread: blocks the other party (in every conversation with them, blocks.server.ts)
 * or lifts the user's block of them; false when the user is no party, the other's account is
 * gone, or there is no block of theirs to lift.
 */
export async function setBlocked(conversationId: number, userId: number, blocked: boolean, now = new Date()): Promise<boolean> {
  const found = await partyOf(conversationId, userId);
  if (!found || found.otherId === null) return false;
  if (!blocked) return unblockPerson(userId, found.otherId);
  await blockPerson(userId, found.otherId, now);
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
  const row = await getDb().selectFrom("conversations as c").select(statusColumns(userId)).where(partyTo(userId)).executeTakeFirstOrThrow();
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
 * other party's name, the total, the header's figures and the people the user blocked: one
 * query (round trips, not rows, are most of what a page's reads cost the server).
 */
export async function listConversations(userId: number, page: number, language: Language, labels: PriceLabels) {
  const db = getDb();
  const mine = db.selectFrom("conversations as c").where(partyTo(userId));
  const totals = mine.select((eb) => [
    eb.fn.countAll<number>().as("total"),
    ...statusColumns(userId),
    blockedPeopleJson(userId).as("blocked"),
  ]);
  const pageRows = mine
    .leftJoin("users as other", (join) =>
      join.on(sql<boolean>`other.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end`),
    )
    .select(["c.id", "c.advertisement_id", "c.advert_title", "c.last_message_at", "c.last_sender_id", "other.name as other_name"])
    .select([unreadFor(userId).as("row_unread"), blockedBetween(otherPartyOf(userId), userId).as("row_blocked")])
    .select(
      sql<string>`(select left(m.body, ${SNIPPET_LENGTH}) from messages m where m.conversation_id = c.id and ${visibleTo(userId)} order by m.id desc limit 1)`.as(
        "last_body",
      ),
    )
    .orderBy("c.last_message_at", "desc")
    .orderBy("c.id", "desc")
    .limit(CONVERSATIONS_PAGE_SIZE)
    .offset(offsetOf(page, CONVERSATIONS_PAGE_SIZE));
  // The advert of each of the page's rows only (lateral after the limit), while it exists.
  const advert = withFirstPhoto(db.selectFrom("advertisements as a"))
    .leftJoin("categories as cat", "cat.id", "a.category_id")
    .select([
      "a.title as live_title",
      "a.price_kind",
      "a.price_amount",
      "a.price_currency",
      "a.status",
      "a.expires_at",
      "cat.slug as category_slug",
    ])
    .where(sql<boolean>`a.id = p.advertisement_id`)
    .where("a.deleted_at", "is", null);
  const rows = await db
    .selectFrom(totals.as("s"))
    .leftJoinLateral(pageRows.as("p"), (join) => join.onTrue())
    .leftJoinLateral(advert.as("adv"), (join) => join.onTrue())
    .select(["s.total", "s.unread", "s.latest", "s.blocked"])
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
              price: priceView(
                { price_kind: row.price_kind!, price_amount: row.price_amount, price_currency: row.price_currency },
                language,
                labels,
              ).text,
              status: effectiveStatus(row.status!, row.expires_at),
              image: displayImage(row, language, INBOX_IMAGE_WIDTH, row.live_title),
              categorySlug: row.category_slug,
            },
      lastMessage: row.last_body ?? "",
      lastMessageAt: sentAt(new Date(row.last_message_at!)),
      lastFromMe: row.last_sender_id === userId,
      unread: Boolean(row.row_unread),
      blocked: Boolean(row.row_blocked),
    });
  }
  return { items, total: Number(first.total), status: toStatus(first), blocked: first.blocked ?? [] };
}

/** The newest messages of a thread the page shows; older ones are rarely read again. */
const THREAD_MESSAGES_SHOWN = 200;

/** `held`: the user's own message waiting for staff, not yet delivered. */
/**
 * `sentIso`/`sentText`: when it was sent (a flat message: 60 nested objects were a share of
 * the page's data). `links`: from a verified sender and holding a link, so its links are clickable.
 */
type ThreadMessage = {
  id: number;
  body: string;
  /** The body's language where it is not the page's (for its `lang`); absent otherwise. */
  lang?: Language;
  sentIso: string;
  sentText: string;
  mine: boolean;
  links: boolean;
  held: boolean;
  /** What in the other party's message looks like a scam (scam-signals.ts); absent on one's own and on harmless ones. */
  scam?: ScamSignal[];
};
export type Thread = {
  id: number;
  advertTitle: string;
  advertTitleLang?: Language;
  advertSlug: string | null;
  advertLive: boolean;
  otherName: string | null;
  party: Party;
  /** Who blocked the other (in any conversation): nobody, this user, or the other party. */
  blocked: BlockState;
  messages: ThreadMessage[];
};

type ThreadRow = { id: number; body: string; sender_id: number | null; sent_ms: number; held: boolean; sender_verified: boolean };

/**
 * The thread for one of its parties, marked read for them, with the header's figures as they
 * are once it is read; null for anyone else. One query: the party check, the advert, the other
 * side's name, the messages (as one JSON value, cheaper to read than a row each) and the
 * figures; a second only when there is something new to mark read.
 */
export async function openThread(
  conversationId: number,
  userId: number,
  language: Language,
  now = new Date(),
): Promise<{ thread: Thread; status: MessageStatus; rating: RatingPanel } | null> {
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
  const conversationQuery = db
    .selectFrom("conversations as c")
    .leftJoin("advertisements as a", (join) => join.onRef("a.id", "=", "c.advertisement_id").on("a.deleted_at", "is", null))
    .leftJoin("users as other", (join) =>
      join.on(sql<boolean>`other.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end`),
    )
    .leftJoinLateral(db.selectFrom("conversations as c").select(statusColumns(userId)).where(partyTo(userId)).as("s"), (join) =>
      join.onTrue(),
    )
    .leftJoinLateral(
      db
        .selectFrom(messages.as("t"))
        .select(sql<ThreadRow[]>`coalesce(json_agg(t order by t.id), '[]')`.as("messages"))
        .as("shown"),
      (join) => join.onTrue(),
    )
    .select([
      "c.buyer_id",
      "c.seller_id",
      "c.created_at",
      "c.advert_title",
      "a.slug",
      "other.name as other_name",
      "s.unread",
      "s.latest",
      "shown.messages",
    ])
    // The rating panel's facts (ratings/ratings.server.ts): the same round trip.
    .select(ratingFactColumns(userId))
    .select([sql<boolean>`coalesce(${LIVE_ADVERT}, false)`.as("live"), unreadFor(userId).as("row_unread")])
    .select([blockedBy(userId, otherPartyOf(userId)).as("blocked_by_me"), blockedBy(otherPartyOf(userId), userId).as("blocked_by_other")])
    .where("c.id", "=", conversationId)
    .where(partyTo(userId))
    .executeTakeFirst();
  const [conversation, settings] = await Promise.all([conversationQuery, getCachedSettings()]);
  if (!conversation) return null;
  const party: Party = conversation.buyer_id === userId ? "buyer" : "seller";
  const status = toStatus({ unread: conversation.unread ?? 0, latest: conversation.latest ?? null });
  // Only news moves the read mark: reading a thread again writes nothing.
  if (conversation.row_unread) {
    await db
      .updateTable("conversations")
      .set({ [readColumn(party)]: now })
      .where("id", "=", conversationId)
      .execute();
    status.unread = Math.max(0, status.unread - 1);
  }
  const sentAt = sentAtFormatter(language);
  // At render, not at send: a word staff add after a new wave of scams warns of the messages already there too.
  const scamSignals = scamDetectorFor({ payment: settings.scam_payment_words, messenger: settings.scam_messenger_words });
  const thread: Thread = {
    id: conversationId,
    advertTitle: conversation.advert_title,
    advertTitleLang: userTextLang(conversation.advert_title, language),
    advertSlug: conversation.slug ?? null,
    advertLive: Boolean(conversation.live),
    otherName: conversation.other_name,
    party,
    blocked: toBlockState(conversation.blocked_by_me, conversation.blocked_by_other),
    messages: (conversation.messages ?? []).map((m) => {
      const at = sentAt(new Date(Number(m.sent_ms)));
      const mine = m.sender_id === userId;
      const scam = mine ? [] : scamSignals(m.body);
      return {
        id: m.id,
        body: m.body,
        lang: userTextLang(m.body, language),
        sentIso: at.iso,
        sentText: at.text,
        mine,
        links: Boolean(m.sender_verified) && hasLink(m.body),
        held: Boolean(m.held),
        ...(scam.length ? { scam } : {}),
      };
    }),
  };
  return { thread, status, rating: ratingPanel(conversation, userId, language, now) };
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
  if (await hasOpenReport("conversation", conversationId, userId)) return "duplicate";
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
    .values({
      target_type: "conversation",
      target_id: conversationId,
      reason,
      message: note,
      reporter_id: userId,
      evidence: JSON.stringify(evidence),
    })
    .execute();
  return "reported";
}
