import { sql } from "kysely";
import type { PriceKind } from "#db/schema.ts";
import { moveAdverts } from "#app/modules/adverts/lifecycle.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { queueModerationMail, type AdvertOwnerMail } from "./mail.server.ts";

// Advert moderation: the queue of pending adverts, approval (published for the settings'
// lifetime) and rejection with a reason the owner sees in the cabinet and gets by mail.

export type PendingAdvert = {
  id: number;
  title: string;
  description: string;
  slug: string;
  createdAt: Date;
  updatedAt: Date;
  owner: string;
  category: string | null;
  location: string | null;
  price: { kind: PriceKind; amount: string | null; currency: string | null };
  image: { key: string; variants: number[] } | null;
};

export async function pendingAdverts(limit = 50): Promise<{ rows: PendingAdvert[]; total: number }> {
  const db = getDb();
  const base = db.selectFrom("advertisements as a").where("a.status", "=", "pending").where("a.deleted_at", "is", null);
  const [rows, count] = await Promise.all([
    base
      .innerJoin("users as u", "u.id", "a.owner_id")
      .leftJoin("categories as c", "c.id", "a.category_id")
      .leftJoin("locations as l", "l.id", "a.location_id")
      .select(["a.id", "a.title", "a.description", "a.slug", "a.created_at", "a.updated_at"])
      .select(["a.price_kind", "a.price_amount", "a.price_currency"])
      .select(["u.email", "u.name", "c.name_uk as category", "l.name_uk as location"])
      .select(
        sql<{
          key: string;
          variants: number[];
        } | null>`(select json_build_object('key', i.key, 'variants', i.variants) from advertisement_images ai
          join images i on i.id = ai.image_id where ai.advertisement_id = a.id order by ai.position, ai.image_id limit 1)`.as("image"),
      )
      // Oldest first: whoever waited longest is looked at first.
      .orderBy("a.updated_at", "asc")
      .limit(limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("count")).executeTakeFirst(),
  ]);
  return {
    total: Number(count?.count ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      slug: row.slug,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      owner: row.name ? `${row.name} (${row.email})` : row.email,
      category: row.category,
      location: row.location,
      price: { kind: row.price_kind, amount: row.price_amount, currency: row.price_currency },
      image: row.image,
    })),
  };
}

export type ModerationOutcome = { ok: true; mail: AdvertOwnerMail } | { ok: false; reason: "missing" | "not_pending" };

async function decide(
  id: number,
  actorId: number,
  decision: { status: "published" | "rejected"; reason: string | null },
): Promise<ModerationOutcome> {
  return getDb()
    .transaction()
    .execute(async (trx): Promise<ModerationOutcome> => {
      const advert = await trx
        .selectFrom("advertisements as a")
        .innerJoin("users as u", "u.id", "a.owner_id")
        .select(["a.id", "a.title", "a.status", "a.rejection_reason", "a.deleted_at", "u.email", "u.name", "u.preferred_locale"])
        .where("a.id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!advert || advert.deleted_at) return { ok: false, reason: "missing" };
      // The lifecycle table decides: only a pending advert is approved or rejected.
      const [moved] = await moveAdverts(trx, [id], decision.status === "published" ? "approve" : "reject", "moderator", {
        reason: decision.reason ?? undefined,
      });
      if (!moved) return { ok: false, reason: "not_pending" };
      await recordAudit(trx, {
        actorId,
        action: decision.status === "published" ? "approve" : "reject",
        entityType: "advertisements",
        entityId: id,
        before: { status: advert.status, rejection_reason: advert.rejection_reason },
        after: { status: decision.status, rejection_reason: decision.reason },
      });
      return {
        ok: true,
        mail: { email: advert.email, name: advert.name, locale: advert.preferred_locale, advertId: id, title: advert.title },
      };
    });
}

/** Publishes a pending advert and tells its owner. */
export async function approveAdvert(id: number, actorId: number, origin: string): Promise<ModerationOutcome> {
  const outcome = await decide(id, actorId, { status: "published", reason: null });
  if (outcome.ok) await queueModerationMail(outcome.mail, "approved", origin);
  return outcome;
}

/** Rejects a pending advert with a reason the owner sees in the cabinet and gets by mail. */
export async function rejectAdvert(id: number, reason: string, actorId: number, origin: string): Promise<ModerationOutcome> {
  const outcome = await decide(id, actorId, { status: "rejected", reason });
  if (outcome.ok) await queueModerationMail(outcome.mail, "rejected", origin, reason);
  return outcome;
}

/** How many adverts wait for moderation (dashboard home). */
export async function pendingCount(): Promise<number> {
  const row = await getDb()
    .selectFrom("advertisements")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("status", "=", "pending")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
