import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from "fflate";
import { sql } from "kysely";
import type { ConsentState } from "#app/platform/consent/cookies.ts";
import { hashToken, newToken } from "#app/modules/auth/secrets.server.ts";
import { findUserById } from "#app/modules/auth/users.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { imageObjectName } from "#app/platform/images/process.server.ts";
import { resolveImageStore } from "#app/platform/images/storage.server.ts";
import { z } from "zod";
import { defineJob, enqueue, defineScanJob } from "#app/platform/jobs/queue.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { sendLinkMail } from "#app/modules/auth/link-mail.server.ts";
import { exportReadyMail } from "./mails/export-ready.ts";
import { exportWorkDir, getExportFiles } from "./export-files.server.ts";
import { exportedDocuments } from "#app/modules/user-documents/documents.server.ts";
import { exportedPushDevices } from "#app/modules/push/subscriptions.server.ts";
import { exportedSubscription } from "#app/modules/newsletter/subscribers.server.ts";

// A user's personal data export: one zip with `data.json` (profile, adverts and their history,
// favourites, saved searches, their documents' expiry dates, the conversations they take part in, reports they filed,
// consent) and their photos. Of other people it holds only the display name of the other
// party of a conversation. Small accounts get the zip in the answer; larger ones get a mailed
// link (single use, one day, for the same signed-in account) once the job queue has built it.
// The zip is streamed in both cases: one photo's chunks in memory at a time.

/** Up to this many photos, the zip is made while the browser waits. */
export const INSTANT_EXPORT_MAX_PHOTOS = 10;
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export async function countOwnPhotos(userId: number): Promise<number> {
  const row = await getDb()
    .selectFrom("images")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("owner_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Everything `data.json` holds for the user; null when the account is gone. */
async function exportData(userId: number, consent: ConsentState | null) {
  const db = getDb();
  const user = await findUserById(userId);
  if (!user) return null;
  const adverts = await db
    .selectFrom("advertisements")
    .leftJoin("categories", "categories.id", "advertisements.category_id")
    .leftJoin("locations", "locations.id", "advertisements.location_id")
    // Every column of the advert (a new field lands here by itself), less the search index's.
    .selectAll("advertisements")
    .select(["categories.slug as category", "locations.name_uk as location"])
    .where("advertisements.owner_id", "=", userId)
    .orderBy("advertisements.id")
    .execute();
  const advertIds = adverts.map((advert) => advert.id);
  // Who moved an advert is "you", "staff" or "system": a staff member's identity is not the user's data.
  const history = advertIds.length
    ? await db
        .selectFrom("audit_log")
        .select(["entity_id", "action", "actor_id", "created_at"])
        .where("entity_type", "in", ["advertisement", "advertisements"])
        .where("entity_id", "in", advertIds)
        .orderBy("created_at")
        .execute()
    : [];
  const photos = advertIds.length
    ? await db
        .selectFrom("advertisement_images")
        .innerJoin("images", "images.id", "advertisement_images.image_id")
        .select(["advertisement_images.advertisement_id", "images.key"])
        .where("advertisement_images.advertisement_id", "in", advertIds)
        .where("images.owner_id", "=", userId)
        .orderBy("advertisement_images.position")
        .execute()
    : [];
  const favourites = await db
    .selectFrom("favourites")
    .innerJoin("advertisements", "advertisements.id", "favourites.advertisement_id")
    .select(["advertisements.slug", "advertisements.title", "favourites.created_at"])
    .where("favourites.user_id", "=", userId)
    .orderBy("favourites.created_at")
    .execute();
  const savedSearches = await db
    .selectFrom("saved_searches")
    .select(["name", "query_text", "category_slug", "filters", "alert", "locale", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const conversations = await db
    .selectFrom("conversations")
    .leftJoin("users as buyer", "buyer.id", "conversations.buyer_id")
    .leftJoin("users as seller", "seller.id", "conversations.seller_id")
    .select(["conversations.id", "conversations.advert_title", "conversations.buyer_id", "conversations.created_at"])
    .select(["buyer.name as buyer_name", "seller.name as seller_name"])
    .where((eb) => eb.or([eb("conversations.buyer_id", "=", userId), eb("conversations.seller_id", "=", userId)]))
    .orderBy("conversations.id")
    .execute();
  const messages = conversations.length
    ? await db
        .selectFrom("messages")
        .select(["conversation_id", "sender_id", "body", "created_at"])
        .where(
          "conversation_id",
          "in",
          conversations.map((conversation) => conversation.id),
        )
        // The other party's messages held back for staff never reached the user.
        .where((eb) => eb.or([eb("sender_id", "=", userId), eb("held_at", "is", null)]))
        .orderBy("id")
        .execute()
    : [];
  const reports = await db
    .selectFrom("reports")
    .select(["target_type", "target_id", "reason", "message", "status", "created_at"])
    .where("reporter_id", "=", userId)
    .orderBy("id")
    .execute();
  const documents = await exportedDocuments(userId, db);
  const pushNotifications = await exportedPushDevices(userId, db);
  const newsletter = await exportedSubscription(user.email, db);

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      email: user.email,
      name: user.name,
      phone: user.phone,
      preferredLocale: user.preferred_locale,
      role: user.role,
      messageMail: user.message_mail,
      emailVerifiedAt: iso(user.email_verified_at),
      createdAt: iso(user.created_at),
      publicId: user.public_id,
    },
    adverts: adverts.map(({ search_stems: _stems, search_vector: _vector, owner_id: _owner, version: _version, ...advert }) => ({
      ...advert,
      created_at: iso(advert.created_at),
      updated_at: iso(advert.updated_at),
      raised_at: iso(advert.raised_at),
      published_at: iso(advert.published_at),
      expires_at: iso(advert.expires_at),
      deleted_at: iso(advert.deleted_at),
      photos: photos.filter((photo) => photo.advertisement_id === advert.id).map((photo) => photoFileName(photo.key)),
      history: history
        .filter((entry) => entry.entity_id === advert.id)
        .map((entry) => ({
          action: entry.action,
          by: entry.actor_id === userId ? "you" : entry.actor_id === null ? "system" : "staff",
          at: iso(entry.created_at),
        })),
    })),
    favourites: favourites.map((favourite) => ({ ...favourite, created_at: iso(favourite.created_at) })),
    savedSearches: savedSearches.map((search) => ({ ...search, created_at: iso(search.created_at) })),
    documents: { reminderDays: user.document_reminder_days, items: documents },
    pushNotifications,
    newsletter,
    conversations: conversations.map((conversation) => {
      const asBuyer = conversation.buyer_id === userId;
      return {
        advertTitle: conversation.advert_title,
        you: asBuyer ? "buyer" : "seller",
        otherParty: (asBuyer ? conversation.seller_name : conversation.buyer_name) || null,
        startedAt: iso(conversation.created_at),
        messages: messages
          .filter((message) => message.conversation_id === conversation.id)
          .map((message) => ({ from: message.sender_id === userId ? "you" : "other", body: message.body, at: iso(message.created_at) })),
      };
    }),
    reports: reports.map((report) => ({ ...report, created_at: iso(report.created_at) })),
    consent: consent ? { decided: consent.given, enabled: consent.enabled } : null,
  };
}

function photoFileName(key: string): string {
  return `photos/${key.replace(/\//g, "-")}.webp`;
}

type Entry = { name: string; data: Uint8Array | AsyncIterable<Uint8Array>; compress: boolean };

/** The zip of `entries`, as chunks: the next entry is read only when the reader wants more. */
async function* zipChunks(entries: AsyncIterable<Entry>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  };
  for await (const entry of entries) {
    const file: ZipInputFile & { push(chunk: Uint8Array, final?: boolean): void } = entry.compress
      ? new ZipDeflate(entry.name, { level: 6 })
      : new ZipPassThrough(entry.name);
    zip.add(file);
    if (entry.data instanceof Uint8Array) file.push(entry.data, true);
    else {
      for await (const chunk of entry.data) {
        file.push(chunk);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
}

async function* exportEntries(userId: number, data: object): AsyncGenerator<Entry> {
  yield { name: "data.json", data: new TextEncoder().encode(JSON.stringify(data, null, 2)), compress: true };
  const store = resolveImageStore();
  const images = await getDb().selectFrom("images").select(["key", "variants"]).where("owner_id", "=", userId).orderBy("id").execute();
  for (const image of images) {
    // The largest variant is the photo as uploaded, less its metadata.
    const width = Math.max(...image.variants);
    const object = await store.get(imageObjectName(image.key, width));
    if (!object || object === "not-modified") continue;
    // webp is compressed already: stored as is.
    yield { name: photoFileName(image.key), data: object.body as AsyncIterable<Uint8Array>, compress: false };
  }
}

/** The whole export as a zip stream; null when the account is gone. */
export async function exportZip(userId: number, consent: ConsentState | null): Promise<Readable | null> {
  const data = await exportData(userId, consent);
  if (!data) return null;
  return Readable.from(zipChunks(exportEntries(userId, data)));
}

export function exportFileName(now = new Date()): string {
  return `personal-data-${now.toISOString().slice(0, 10)}.zip`;
}

/** Queues the build of a large export; the worker mails the link. */
export async function queueExport(userId: number, consent: ConsentState | null, origin: string): Promise<void> {
  const row = await getDb().insertInto("data_exports").values({ user_id: userId }).returning("id").executeTakeFirstOrThrow();
  await enqueue(dataExportJob, { exportId: row.id, origin, consent: consent ? JSON.stringify(consent) : null });
}

function parseConsent(value: string | null): ConsentState | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as ConsentState;
    return {
      given: parsed.given === true,
      enabled: Array.isArray(parsed.enabled) ? parsed.enabled.filter((id) => typeof id === "string") : [],
    };
  } catch {
    return null;
  }
}

/** The job: writes the zip, keeps it for its download (export-files.server.ts), arms a one-day single-use link and mails it. */
export async function buildMailedExport(job: z.output<typeof dataExportPayload>): Promise<SentMail | null> {
  const db = getDb();
  const row = await db.selectFrom("data_exports").selectAll().where("id", "=", job.exportId).executeTakeFirst();
  if (!row || row.ready_at) return null;
  const user = await findUserById(row.user_id);
  const zip = user && (await exportZip(user.id, parseConsent(job.consent)));
  if (!user || !zip) return null;
  await mkdir(exportWorkDir(), { recursive: true });
  const fileKey = `${row.id}-${randomUUID()}.zip`;
  const file = path.join(exportWorkDir(), fileKey);
  // A failed build leaves no half-written zip behind: the job builds a new one when it runs again.
  await pipeline(zip, createWriteStream(file)).catch(async (error: unknown) => {
    await rm(file, { force: true });
    throw error;
  });
  const size = await getExportFiles().keep(fileKey, file);
  const token = newToken();
  const now = new Date();
  await db
    .updateTable("data_exports")
    .set({
      token_hash: hashToken(token),
      file_key: fileKey,
      size_bytes: size,
      ready_at: now,
      expires_at: new Date(now.getTime() + LINK_LIFETIME_MS),
    })
    .where("id", "=", row.id)
    .execute();
  return sendLinkMail(exportReadyMail, user, { origin: job.origin, path: `/cabinet/export/${token}` });
}

const dataExportPayload = z.object({ exportId: z.number().int(), origin: z.url(), consent: z.string().nullable() });

/** Builds a personal data export too large to send at once, then mails its link. A large photo set takes a while to pack; a failed build is retried a few times. */
export const dataExportJob = defineJob({
  name: "data-export",
  schema: dataExportPayload,
  queue: { retryLimit: 3, retryBackoff: true, retryDelayMax: 3_600, expireInSeconds: 1_800, deleteAfterSeconds: 7 * 24 * 3_600 },
  handler: buildMailedExport,
});

/** The hourly scan that removes downloaded and expired export files. */
export const dataExportCleanupJob = defineScanJob({
  name: "data-export-cleanup",
  schedule: { cron: "17 * * * *" },
  scan: removeStaleExports,
});

/**
 * Spends the mailed link of `userId`'s export and opens its file (removed once read). Null
 * for a malformed, unknown, used or expired token and for another account's link.
 */
export async function takeMailedExport(
  userId: number,
  token: string,
  now = new Date(),
): Promise<{ stream: Readable; size: number } | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return null;
  const db = getDb();
  const found = await db
    .selectFrom("data_exports")
    .select(["id", "file_key"])
    .where("token_hash", "=", hashToken(token))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!found?.file_key) return null;
  const files = getExportFiles();
  // A zip that is not there (removed, or built on another machine's disk) leaves the link unspent.
  const size = await files.size(found.file_key);
  if (size === null) return null;
  const spent = await db
    .updateTable("data_exports")
    .set({ used_at: now })
    .where("id", "=", found.id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("id")
    .executeTakeFirst();
  if (!spent) return null;
  const stream = await files.open(found.file_key);
  if (!stream) return null;
  const key = found.file_key;
  stream.once("close", () => void files.remove(key).catch(() => undefined));
  return { stream, size };
}

/** Rows of spent or expired exports are kept this long (the file goes at once), then forgotten. */
const KEEP_ROWS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The hourly scan: removes the files of exports that were downloaded, expired unread, or never
 * finished, and forgets old rows. Returns how many files went.
 */
export async function removeStaleExports(now = new Date()): Promise<number> {
  const db = getDb();
  const stale = await db
    .selectFrom("data_exports")
    .select(["id", "file_key"])
    .where("file_key", "is not", null)
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", now)]))
    .execute();
  for (const row of stale) {
    await getExportFiles().remove(row.file_key!);
    await db.updateTable("data_exports").set({ file_key: null }).where("id", "=", row.id).execute();
  }
  await db
    .deleteFrom("data_exports")
    .where("created_at", "<", new Date(now.getTime() - KEEP_ROWS_MS))
    .execute();
  return stale.length;
}
