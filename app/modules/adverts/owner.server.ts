import { randomBytes } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import type { AdvertKind, AdvertStatus, DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { displayDate, type DisplayDate } from "#app/platform/format/dates.ts";
import { displayImage, type DisplayImage } from "#app/platform/images/display-image.ts";
import type { Settings } from "#app/platform/settings/settings.server.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";
import { rowToValues, type AdvertValues } from "./fields.server.ts";
import { advertPhotoIds, deletePhotos, setAdvertPhotos } from "./photos.server.ts";
import { priceView, withFirstPhoto, type PriceLabels, type PriceView } from "./queries.server.ts";
import { effectiveStatus, mayRaise, nextRaiseAt, ownerActions, statusAfterSave, type OwnerAction } from "./lifecycle.ts";
import { ownerMove } from "./lifecycle.server.ts";
import { lifetimeDaysFor } from "./kinds.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { saveFieldValues } from "./category-field-store.server.ts";
import type { StoredFieldValue } from "./category-field-values.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";
import { holdsBannedWord } from "#app/modules/moderation/banned-words.ts";

// An owner's adverts: posting, editing, renewing, marking sold, archiving, deleting. Every
// function takes the owner's id and touches only that owner's rows: another user's advert
// id behaves exactly like one that does not exist, and so does one staff deleted (trash).
// Every change bumps `version`, so a staff edit of the same advert notices it.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored values, with the two rules between fields: a price amount and currency only with
 * an "amount" price, a shown phone only when there is one. */
function columns(values: AdvertValues): AdvertValues {
  const amount = values.price_kind === "amount";
  return {
    ...values,
    price_amount: amount ? values.price_amount : null,
    price_currency: amount ? values.price_currency : null,
    show_phone: values.show_phone && Boolean(values.phone),
  };
}

/** "<transliterated title>-<random>": readable, unique, unchanged by later edits. */
function advertSlug(title: string): string {
  const base = slugify(title, 60) || "ogoloshennya";
  return `${base}-${randomBytes(4).readUInt32BE(0).toString(36).padStart(6, "0").slice(-6)}`;
}

/** The end of a lifetime starting `from`: a call for help's is shorter (kinds.ts). */
function lifetimeEnd(settings: Settings, kind: AdvertKind, from: Date): Date {
  return new Date(from.getTime() + lifetimeDaysFor(kind, settings.advert_lifetime_days) * DAY_MS);
}

async function lockOwner(trx: Transaction<DB>, ownerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`advert-post:${ownerId}`}))`.execute(trx);
}

async function postedToday(trx: Transaction<DB>, ownerId: number, now: Date): Promise<number> {
  const row = await trx
    .selectFrom("advertisements")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("owner_id", "=", ownerId)
    .where("created_at", ">", new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the owner has used up the adverts-per-day limit (rolling 24 hours). */
export async function dailyLimitReached(ownerId: number, settings: Settings, now = new Date()): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => (await postedToday(trx, ownerId, now)) >= settings.adverts_per_user_per_day);
}

/** Seconds until the rolling daily limit frees a slot: when the limit-th newest advert leaves the 24 hours. */
export async function dailyLimitRetryAfter(ownerId: number, settings: Settings, now = new Date()): Promise<number> {
  const blocking = await getDb()
    .selectFrom("advertisements")
    .select("created_at")
    .where("owner_id", "=", ownerId)
    .where("created_at", ">", new Date(now.getTime() - DAY_MS))
    .orderBy("created_at", "desc")
    .offset(Math.max(0, settings.adverts_per_user_per_day - 1))
    .limit(1)
    .executeTakeFirst();
  const ms = blocking ? new Date(blocking.created_at).getTime() + DAY_MS - now.getTime() : 0;
  return Math.max(1, Math.ceil(ms / 1000));
}

/** What the owner's form saves: the advert's columns, its photos in order, and its category fields' values by field id (null: emptied). */
export type AdvertSave = {
  values: AdvertValues;
  photoIds: readonly number[];
  fieldValues?: ReadonlyMap<number, StoredFieldValue | null>;
};

export type CreateResult = { ok: true; id: number; slug: string; status: AdvertStatus } | { ok: false; reason: "daily_limit" };

/** Whether saving these values goes through moderation: it is on for every advert, or the title or description holds a banned word. */
function reviewed(values: AdvertValues, settings: Settings): boolean {
  return settings.advert_moderation || holdsBannedWord(settings.banned_words, values.title, values.description);
}

/**
 * A new advert: published at once, or pending when moderation is on (or it holds a banned word).
 * The daily limit holds under concurrency.
 */
export async function createAdvert(ownerId: number, save: AdvertSave, settings: Settings, now = new Date()): Promise<CreateResult> {
  const { values, photoIds, fieldValues = new Map() } = save;
  const status = statusAfterSave(null, reviewed(values, settings));
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await lockOwner(trx, ownerId);
      if ((await postedToday(trx, ownerId, now)) >= settings.adverts_per_user_per_day) return { ok: false, reason: "daily_limit" } as const;
      const row = await trx
        .insertInto("advertisements")
        .values({
          ...columns(values),
          slug: advertSlug(values.title),
          owner_id: ownerId,
          status,
          published_at: status === "published" ? now : null,
          expires_at: status === "published" ? lifetimeEnd(settings, values.kind, now) : null,
          created_at: now,
          updated_at: now,
        })
        .returning(["id", "slug", "status"])
        .executeTakeFirstOrThrow();
      await setAdvertPhotos(trx, row.id, photoIds);
      await saveFieldValues(trx, row.id, values.category_id, fieldValues);
      return { ok: true, id: row.id, slug: row.slug, status: row.status } as const;
    });
}

export type OwnedAdvert = {
  id: number;
  slug: string;
  status: AdvertStatus;
  rejectionReason: string | null;
  publishedAt: Date | null;
  expiresAt: Date | null;
  values: AdvertValues;
  photoIds: number[];
};

/** The owner's advert with this id, or null (also for another user's advert). */
export async function findOwnedAdvert(id: number, ownerId: number): Promise<OwnedAdvert | null> {
  if (parseId(id) === null) return null;
  const row = await getDb()
    .selectFrom("advertisements")
    .selectAll()
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const photoIds = await advertPhotoIds(id);
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    rejectionReason: row.rejection_reason,
    publishedAt: row.published_at,
    expiresAt: row.expires_at,
    values: rowToValues(row),
    photoIds,
  };
}

/**
 * Saves the owner's edit. A draft is published (or sent to moderation); a live advert goes
 * back to moderation when moderation is on or it now holds a banned word; a rejected one always does. Returns the new
 * status, or null when the advert is not the owner's (nothing changes then).
 */
export async function updateAdvert(
  id: number,
  ownerId: number,
  save: AdvertSave,
  settings: Settings,
  now = new Date(),
): Promise<AdvertStatus | null> {
  const { values, photoIds, fieldValues = new Map() } = save;
  const outcome = await getDb()
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom("advertisements")
        .select(["status", "published_at", "expires_at", "kind"])
        .where("id", "=", id)
        .where("owner_id", "=", ownerId)
        .where("deleted_at", "is", null)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return null;
      const status = statusAfterSave(current.status, reviewed(values, settings));
      const publishing = status === "published" && current.status !== "published";
      const end = lifetimeEnd(settings, values.kind, now);
      const ended = !current.expires_at || new Date(current.expires_at) <= now;
      // A live advert turned into a call for help takes its shorter lifetime at once.
      const shortened = !ended && values.kind !== current.kind && new Date(current.expires_at!) > end;
      await trx
        .updateTable("advertisements")
        .set({
          ...columns(values),
          status,
          rejection_reason: status === "pending" ? null : undefined,
          published_at: publishing ? (current.published_at ?? now) : undefined,
          expires_at: (publishing && ended) || shortened ? end : undefined,
          version: sql`version + 1`,
          updated_at: now,
        })
        .where("id", "=", id)
        .where("owner_id", "=", ownerId)
        .execute();
      const dropped = await setAdvertPhotos(trx, id, photoIds);
      await saveFieldValues(trx, id, values.category_id, fieldValues);
      return { status, dropped };
    });
  if (!outcome) return null;
  await deletePhotos(outcome.dropped);
  return outcome.status;
}

export type CabinetAdvert = {
  id: number;
  slug: string;
  title: string;
  kind: AdvertKind;
  status: AdvertStatus;
  rejectionReason: string | null;
  price: PriceView;
  image: DisplayImage | null;
  viewCount: number;
  phoneRevealCount: number;
  /** How many people saved it. */
  favouriteCount: number;
  published: DisplayDate | null;
  expires: DisplayDate | null;
  /** When "raise to the top" is possible again, while it is not. */
  raiseAgain: DisplayDate | null;
  actions: OwnerAction[];
};

/** Whether the user has an advert (a deleted one does not count): the cabinet greets a first-timer with "Add advert". */
export async function ownsAnAdvert(ownerId: number): Promise<boolean> {
  const { owns } = await getDb()
    .selectNoFrom(({ exists, selectFrom }) =>
      exists(selectFrom("advertisements").select("id").where("owner_id", "=", ownerId).where("deleted_at", "is", null)).as("owns"),
    )
    .executeTakeFirstOrThrow();
  return Boolean(owns);
}

export const CABINET_PAGE_SIZE = 20;

/** The owner's adverts, newest first, with what each allows. */
export async function listOwnedAdverts(
  ownerId: number,
  page: number,
  language: Language,
  labels: PriceLabels,
  raiseIntervalDays: number,
  now = new Date(),
) {
  const db = getDb();
  const [count, rows] = await Promise.all([
    db
      .selectFrom("advertisements")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("owner_id", "=", ownerId)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
    withFirstPhoto(db.selectFrom("advertisements as a"))
      .select((eb) => [
        "a.id",
        "a.slug",
        "a.title",
        "a.kind",
        "a.status",
        "a.rejection_reason",
        "a.price_kind",
        "a.price_amount",
        "a.price_currency",
        "a.view_count",
        "a.phone_reveal_count",
        "a.published_at",
        "a.expires_at",
        "a.raised_at",
        eb
          .selectFrom("favourites as f")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .whereRef("f.advertisement_id", "=", "a.id")
          .as("favourite_count"),
      ])
      .where("a.owner_id", "=", ownerId)
      .where("a.deleted_at", "is", null)
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(CABINET_PAGE_SIZE)
      .offset(offsetOf(page, CABINET_PAGE_SIZE))
      .execute(),
  ]);
  const items: CabinetAdvert[] = rows.map((row) => {
    const status = effectiveStatus(row.status, row.expires_at, now);
    const canRaise = mayRaise(row.raised_at, raiseIntervalDays, now);
    const raiseAt = nextRaiseAt(row.raised_at, raiseIntervalDays);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      kind: row.kind,
      status,
      rejectionReason: row.rejection_reason,
      price: priceView(row, language, labels),
      image: displayImage(row, language, 320, row.title),
      viewCount: row.view_count,
      phoneRevealCount: row.phone_reveal_count,
      favouriteCount: Number(row.favourite_count ?? 0),
      published: row.published_at ? displayDate(new Date(row.published_at), language) : null,
      expires: row.expires_at ? displayDate(new Date(row.expires_at), language) : null,
      raiseAgain: !canRaise && raiseAt && status === "published" ? displayDate(raiseAt, language) : null,
      actions: ownerActions(status, row.published_at !== null).filter((action) => action !== "raise" || canRaise),
    };
  });
  return { items, total: Number(count.n) };
}

export type ActionOutcome = "done" | "not_found" | "not_allowed";

async function owns(id: number, ownerId: number): Promise<boolean> {
  if (parseId(id) === null) return false;
  const row = await getDb()
    .selectFrom("advertisements")
    .select("id")
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The cabinet's row buttons: renew (live again for the full lifetime from now), sold, archive
 * and raise to the top, as the lifecycle table allows them. A raise within the interval says
 * when it is possible again.
 */
export async function ownerAction(id: number, ownerId: number, action: "renew" | "sold" | "archive" | "raise", now = new Date()) {
  if (parseId(id) === null) return { outcome: "not_found" } as const;
  return getDb()
    .transaction()
    .execute((trx) => ownerMove(trx, id, ownerId, action, now));
}

/** Deletes the advert and its photos (rows and files). */
export async function deleteOwnedAdvert(id: number, ownerId: number): Promise<ActionOutcome> {
  if (!(await owns(id, ownerId))) return "not_found";
  const photoIds = await getDb()
    .transaction()
    .execute(async (trx) => {
      const photos = await trx
        .selectFrom("advertisement_images as ai")
        .innerJoin("images as img", "img.id", "ai.image_id")
        .select("img.id")
        .where("ai.advertisement_id", "=", id)
        .where("img.owner_id", "=", ownerId)
        .execute();
      await trx.deleteFrom("advertisements").where("id", "=", id).where("owner_id", "=", ownerId).execute();
      return photos.map((photo) => photo.id);
    });
  await deletePhotos(photoIds);
  return "done";
}
