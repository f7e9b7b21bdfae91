import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB, NewsletterLanguage, NewsletterSubscriberStatus } from "#db/schema.ts";
import { consumeLimit, type Limit, type LimitState } from "#app/modules/auth/rate-limit.server.ts";
import { hashToken } from "#app/modules/auth/secrets.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { newConfirmToken, newsletterLink, readManageToken, subscriberLinks } from "./links.server.ts";
import { confirmMail } from "./mails/confirm.ts";
import { topicsOf, type NewsletterTopic } from "./topics.ts";

// Subscribers: anyone may subscribe an address; it gets mail only once its owner followed the
// confirmation link (double opt-in). The form answers the same whether the address was new,
// pending, confirmed or unsubscribed, so it tells no one who is subscribed: a confirmed address
// is mailed its manage link instead of a confirmation, and its choices are not changed from the
// form. Requests only queue the mails (job `mail-newsletter`).

/** Per address and per sending address, like the password-reset form: each request may mail a stranger's inbox. */
const SUBSCRIBE_LIMITS = {
  email: { max: 3, windowMs: 60 * 60 * 1000 },
  ip: { max: 10, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, Limit>;

export type Preferences = { topics: NewsletterTopic[]; language: NewsletterLanguage; advertCategory: number | null };

export type Subscriber = Preferences & { id: number; email: string; status: NewsletterSubscriberStatus };

const normal = (email: string) => email.trim().toLowerCase();

const SUBSCRIBER_COLUMNS = ["id", "email", "status", "topics", "language", "advert_category_id"] as const;

function toSubscriber(row: {
  id: number;
  email: string;
  status: NewsletterSubscriberStatus;
  topics: string[];
  language: NewsletterLanguage;
  advert_category_id: number | null;
}): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    topics: topicsOf(row.topics),
    language: row.language,
    advertCategory: row.topics.includes("adverts") ? row.advert_category_id : null,
  };
}

/** The category when it is an advert category, else null (a forged or deleted id). */
async function advertCategoryOrNull(id: number | null | undefined, db: Kysely<DB> = getDb()): Promise<number | null> {
  if (!id) return null;
  const row = await db.selectFrom("categories").select("id").where("id", "=", id).where("kind", "=", "advertisement").executeTakeFirst();
  return row?.id ?? null;
}

export type SubscribeOutcome = { status: "queued" } | { status: "limited"; limit: LimitState };

/** The public form: counts the attempt, then stores a pending address or queues the confirmed one's manage link. */
export async function subscribe(input: { email: string; ip: string } & Preferences, db: Kysely<DB> = getDb()): Promise<SubscribeOutcome> {
  const email = normal(input.email);
  const limit = await consumeLimit([
    { key: `newsletter:ip:${input.ip}`, limit: SUBSCRIBE_LIMITS.ip },
    { key: `newsletter:email:${email}`, limit: SUBSCRIBE_LIMITS.email },
  ]);
  if (limit.limited) return { status: "limited", limit };
  const advertCategory = input.topics.includes("adverts") ? await advertCategoryOrNull(input.advertCategory, db) : null;
  const topics = advertCategory === null ? input.topics.filter((topic) => topic !== "adverts") : input.topics;
  const existing = await db.selectFrom("newsletter_subscribers").select(["id", "status"]).where("email", "=", email).executeTakeFirst();
  if (existing?.status === "confirmed") {
    await enqueue(newsletterMailJob, { kind: "known", subscriberId: existing.id });
    return { status: "queued" };
  }
  // New, pending or unsubscribed: nobody gets mail before confirming, so the form's choices may replace the old ones.
  const values = {
    language: input.language,
    topics,
    advert_category_id: advertCategory,
    status: "pending" as const,
    updated_at: new Date(),
  };
  const row = await db
    .insertInto("newsletter_subscribers")
    .values({ email, ...values })
    .onConflict((oc) => oc.column("email").doUpdateSet(values))
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueue(newsletterMailJob, { kind: "confirm", subscriberId: row.id });
  return { status: "queued" };
}

/** The confirmation link: once only. Returns the confirmed subscriber, or null for an unknown or used token. */
export async function confirmSubscription(token: unknown, now = new Date(), db: Kysely<DB> = getDb()): Promise<Subscriber | null> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const user = sql<number | null>`(select u.id from users u where lower(u.email) = newsletter_subscribers.email limit 1)`;
  const row = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "confirmed", confirm_hash: null, confirmed_at: now, unsubscribed_at: null, updated_at: now, user_id: user })
    .where("confirm_hash", "=", hashToken(token))
    .where("status", "=", "pending")
    .returning(SUBSCRIBER_COLUMNS)
    .executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

async function findSubscriber(id: number, db: Kysely<DB> = getDb()): Promise<Subscriber | null> {
  const row = await db.selectFrom("newsletter_subscribers").select(SUBSCRIBER_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

/** The subscriber a mailed manage or unsubscribe link names, or null for a malformed or forged token. */
export async function subscriberOfToken(token: unknown): Promise<Subscriber | null> {
  const id = readManageToken(token);
  return id === null ? null : findSubscriber(id);
}

/** The subscription of an account's address (the cabinet's section), whatever its state. */
export async function subscriberOfEmail(email: string, db: Kysely<DB> = getDb()): Promise<Subscriber | null> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(SUBSCRIBER_COLUMNS)
    .where("email", "=", normal(email))
    .executeTakeFirst();
  return row ? toSubscriber(row) : null;
}

/** New choices from the manage page or the cabinet. */
export async function updatePreferences(id: number, preferences: Preferences, db: Kysely<DB> = getDb()): Promise<void> {
  const advertCategory = preferences.topics.includes("adverts") ? await advertCategoryOrNull(preferences.advertCategory, db) : null;
  const topics = advertCategory === null ? preferences.topics.filter((topic) => topic !== "adverts") : preferences.topics;
  await db
    .updateTable("newsletter_subscribers")
    .set({ topics, language: preferences.language, advert_category_id: advertCategory, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}

/** Stops every newsletter mail to the subscriber (the manage page, the cabinet, the one-click POST). Returns whether it was subscribed. */
export async function unsubscribe(id: number, now = new Date(), db: Kysely<DB> = getDb()): Promise<boolean> {
  const row = await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: now, confirm_hash: null, updated_at: now })
    .where("id", "=", id)
    .where("status", "!=", "unsubscribed")
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Subscribes again an address whose owner acted from one of its mails (the manage page's save). */
export async function resubscribe(id: number, now = new Date(), db: Kysely<DB> = getDb()): Promise<void> {
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "confirmed", confirmed_at: now, unsubscribed_at: null, confirm_hash: null, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** A signed-in user's own subscription from the cabinet: their address is confirmed already, so no mail goes out. */
export async function subscribeAccount(
  user: { id: number; email: string },
  preferences: Preferences,
  now = new Date(),
  db: Kysely<DB> = getDb(),
): Promise<void> {
  const email = normal(user.email);
  const row = await db
    .insertInto("newsletter_subscribers")
    .values({ email, language: preferences.language, status: "confirmed", confirmed_at: now, user_id: user.id })
    .onConflict((oc) =>
      oc
        .column("email")
        .doUpdateSet({ status: "confirmed", confirmed_at: now, unsubscribed_at: null, confirm_hash: null, user_id: user.id }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  await updatePreferences(row.id, preferences, db);
}

/** The subscription of the account's address, as the data export holds it (null when there is none). */
export async function exportedSubscription(email: string, db: Kysely<DB>) {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["email", "status", "topics", "language", "advert_category_id", "confirmed_at", "unsubscribed_at", "created_at"])
    .where("email", "=", normal(email))
    .executeTakeFirst();
  if (!row) return null;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    ...row,
    confirmed_at: iso(row.confirmed_at),
    unsubscribed_at: iso(row.unsubscribed_at),
    created_at: iso(row.created_at),
  };
}

/** An account's deletion: its address's subscription goes too, even one made before the account existed. */
export async function deleteSubscriptionOf(email: string, db: Kysely<DB> = getDb()): Promise<void> {
  await db.deleteFrom("newsletter_subscribers").where("email", "=", normal(email)).execute();
}

const mailPayload = z.object({ kind: z.enum(["confirm", "known"]), subscriberId: z.number().int() });

/** The job: a new one-time confirmation link (each attempt its own), or a confirmed address's manage link. */
async function sendNewsletterMail(job: z.output<typeof mailPayload>): Promise<unknown> {
  const db = getDb();
  const subscriber = await findSubscriber(job.subscriberId, db);
  if (!subscriber) return null;
  const site = await siteNameIn(subscriber.language);
  if (job.kind === "confirm") {
    if (subscriber.status !== "pending") return null;
    const { token, hash } = newConfirmToken();
    await db.updateTable("newsletter_subscribers").set({ confirm_hash: hash }).where("id", "=", subscriber.id).execute();
    const link = newsletterLink("/confirm", subscriber.language, token);
    return sendTemplateMail(
      confirmMail,
      { kind: "confirm", site, link },
      { to: subscriber.email, language: subscriber.language, link, fromName: site },
    );
  }
  if (subscriber.status !== "confirmed") return null;
  const link = subscriberLinks(subscriber.id, subscriber.language).manage;
  return sendTemplateMail(
    confirmMail,
    { kind: "known", site, link },
    { to: subscriber.email, language: subscriber.language, link, fromName: site },
  );
}

export const newsletterMailJob = defineJob({
  name: "mail-newsletter",
  schema: mailPayload,
  queue: MAIL_QUEUE,
  handler: sendNewsletterMail,
});
