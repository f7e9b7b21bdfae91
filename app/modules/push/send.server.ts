import webpush from "web-push";
import { z } from "zod";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { fixedT } from "#app/i18n/server-instance.server.ts";
import { PUSH_KINDS, type PushKind } from "#db/schema.ts";
import { getConfig, publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// Web push (RFC 8030, payload encrypted per RFC 8291, the sender named per RFC 8292 VAPID):
// a domain that mails something also calls queuePush beside its mail; the job sends one
// notification to each of the user's devices, if the user wants that kind. The payload never
// holds what the notification is about (a message's text, an advert, a document): only the
// kind, a title such as "New message" and the page to open, in the user's language, so a push
// service or a locked screen learns nothing private.
//
// Each device gets each notification once: the (device, key) pair is claimed in push_deliveries
// before the push is sent, so a retried job, or a scan that queues the same key again after
// its mail failed, skips the devices already reached. A device the push service no longer knows
// (404, 410) is deleted; a 429 or 5xx gives the claim back and the job is retried with backoff.

/** What a job names: the user, the kind, the page to open (without the language prefix) and the notification's key. */
export type PushRequest = { userId: number; kind: PushKind; path: string; key: string };

const pushPayload = z.object({
  userId: z.number().int(),
  kind: z.enum(PUSH_KINDS),
  path: z.string().startsWith("/").max(500),
  key: z.string().min(1).max(200),
});

/** What the service worker gets (platform/offline/sw-push.ts reads it). */
type PushMessage = { kind: PushKind; title: string; body: string; url: string; tag: string };

/** How long a push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 3_600;
const SEND_TIMEOUT_MS = 15_000;
/** Deliveries are kept this long: a key comes back only within a job's retries or a scan's next runs. */
const DELIVERY_KEPT_MS = 30 * 24 * 3_600 * 1_000;

export const pushSendJob = defineJob({
  name: "push-send",
  schema: pushPayload,
  queue: MAIL_QUEUE,
  handler: (payload) => sendPush(payload),
});

/**
 * Queues a push beside a mail. Nothing is queued for a user without devices; a failure to queue
 * is logged, never the caller's error (the mail and the action go on).
 */
export async function queuePush(request: PushRequest): Promise<void> {
  try {
    const device = await getDb().selectFrom("push_subscriptions").select("id").where("user_id", "=", request.userId).executeTakeFirst();
    if (!device) return;
    await enqueue(pushSendJob, request, { singletonKey: `${request.userId}:${request.key}` });
  } catch (error) {
    logger.error({ err: error, userId: request.userId, kind: request.kind }, "push not queued");
  }
}

/** The notification in the user's language. */
function pushMessage(kind: PushKind, path: string, locale: "ua" | "us", tag: string): PushMessage {
  const t = fixedT(languageOf(locale), "cabinet");
  return {
    kind,
    title: t(`notifications.push.${kind}.title`),
    body: t(`notifications.push.${kind}.body`),
    url: new URL(localizePath(path, locale), publicOrigin()).href,
    tag,
  };
}

type Outcome = "sent" | "gone" | "refused" | "retry";

/** One request to a device's push service; what its answer means for the device. */
async function deliver(subscription: { endpoint: string; p256dh: string; auth: string }, body: string): Promise<Outcome> {
  const { vapid } = getConfig();
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    body,
    { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: "normal", contentEncoding: "aes128gcm" },
  );
  // fetch sets the length itself (and speaks plain http, which a test's push service does).
  const { "Content-Length": _length, ...headers } = details.headers as Record<string, string>;
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: new Uint8Array(details.body),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.ok) return "sent";
  if (response.status === 404 || response.status === 410) return "gone";
  if (response.status === 429 || response.status >= 500) return "retry";
  // 400, 403, 413: sending again will not help (a bad key, a rotated VAPID pair).
  logger.warn({ status: response.status }, "push refused by the push service");
  return "refused";
}

/** The job: one push to each of the user's devices not reached yet. Throws (to be retried) when a device should be tried again. */
export async function sendPush(request: PushRequest, now = new Date()): Promise<{ sent: number; gone: number; retry: number }> {
  const db = getDb();
  const counts = { sent: 0, gone: 0, retry: 0 };
  const user = await db
    .selectFrom("users")
    .select(["preferred_locale", "push_kinds", "blocked_at"])
    .where("id", "=", request.userId)
    .executeTakeFirst();
  if (!user || user.blocked_at || !user.push_kinds.includes(request.kind)) return counts;
  const devices = await db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("user_id", "=", request.userId)
    .orderBy("id")
    .execute();
  const body = JSON.stringify(pushMessage(request.kind, request.path, user.preferred_locale, request.key));
  for (const device of devices) {
    const claimed = await db
      .insertInto("push_deliveries")
      .values({ subscription_id: device.id, key: request.key, sent_at: now })
      .onConflict((oc) => oc.columns(["subscription_id", "key"]).doNothing())
      .returning("subscription_id")
      .executeTakeFirst();
    if (!claimed) continue;
    let outcome: Outcome;
    try {
      outcome = await deliver(device, body);
    } catch (error) {
      logger.warn({ err: error, subscriptionId: device.id }, "push not delivered");
      outcome = "retry";
    }
    if (outcome === "sent") {
      counts.sent++;
      await db.updateTable("push_subscriptions").set({ last_success_at: now }).where("id", "=", device.id).execute();
    } else if (outcome === "gone") {
      counts.gone++;
      await db.deleteFrom("push_subscriptions").where("id", "=", device.id).execute();
    } else if (outcome === "retry") {
      counts.retry++;
      await db.deleteFrom("push_deliveries").where("subscription_id", "=", device.id).where("key", "=", request.key).execute();
    }
  }
  await db
    .deleteFrom("push_deliveries")
    .where("sent_at", "<", new Date(now.getTime() - DELIVERY_KEPT_MS))
    .execute();
  if (counts.retry > 0) throw new Error(`push: ${counts.retry} device(s) to try again`);
  return counts;
}
