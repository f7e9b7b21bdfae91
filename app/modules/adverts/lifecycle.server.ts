import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { lifetimeDaysFor, type AdvertKind } from "./kinds.ts";
import { effectiveStatus, mayRaise, nextRaiseAt, nextStatus, type AdvertAction, type AdvertActor, type AdvertStatus } from "./lifecycle.ts";

// The lifecycle's moves as SQL: which columns each move writes. Whoever moves adverts (the
// cabinet, the mailed links, the moderation queue, the dashboard's buttons and bulk actions)
// comes through moveAdverts, inside their own transaction, and gets back what moved.

type Db = Kysely<DB> | Transaction<DB>;

/** The settings' advert lifetime in days. */
export async function advertLifetimeDays(db: Db): Promise<number> {
  const row = await db.selectFrom("settings").select("advert_lifetime_days").where("id", "=", 1).executeTakeFirst();
  return row?.advert_lifetime_days ?? 30;
}

/** Moves that write rows: saving is the form's (form.server.ts), expiry happens at read time. */
export type AdvertMove = Exclude<AdvertAction, "save" | "expire">;

export type Moved = { id: number; from: AdvertStatus; to: AdvertStatus };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of a lifetime starting now, per row: a call for help's is shorter (kinds.ts). */
function lifetimeEndSql(lifetimeDays: number, now: Date) {
  const end = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const help = end(lifetimeDaysFor("help_needed", lifetimeDays));
  return sql`case when kind = 'help_needed' then ${help}::timestamptz else ${end(lifetimeDays)}::timestamptz end`;
}

function columnsFor(move: AdvertMove, to: AdvertStatus, lifetimeDays: number, now: Date, reason: string | null): Record<string, unknown> {
  const end = lifetimeEndSql(lifetimeDays, now);
  const changed = { version: sql`version + 1`, updated_at: now };
  switch (move) {
    case "raise":
      // Not a content change: a staff form open meanwhile stays valid, the expiry stays.
      return { raised_at: now };
    case "renew":
      return { ...changed, status: to, expires_at: end };
    case "approve":
    case "publish":
    case "restore":
      // A first publication sets the time; an advert whose lifetime ran out starts a new one.
      return {
        ...changed,
        status: to,
        rejection_reason: null,
        published_at: sql`coalesce(published_at, ${now})`,
        expires_at: sql`case when expires_at is null or expires_at <= ${now} then ${end} else expires_at end`,
      };
    case "reject":
      return { ...changed, status: to, rejection_reason: reason };
    default:
      return { ...changed, status: to };
  }
}

export type MoveOptions = {
  /** Only this owner's adverts (the owner's moves); other ids behave as missing. */
  ownerId?: number;
  /** The rejection reason (reject). */
  reason?: string;
  now?: Date;
};

/**
 * Applies `move` by `actor` to the adverts `ids` that the lifecycle table lets move; the
 * rest (and trashed ones) are left as they are. Locks the rows; returns what moved.
 */
export async function moveAdverts(
  trx: Transaction<DB>,
  ids: readonly number[],
  move: AdvertMove,
  actor: AdvertActor,
  options: MoveOptions = {},
): Promise<Moved[]> {
  if (ids.length === 0) return [];
  const now = options.now ?? new Date();
  const rows = await trx
    .selectFrom("advertisements")
    .select(["id", "status", "published_at", "expires_at"])
    .where("id", "in", [...ids])
    .where("deleted_at", "is", null)
    .$if(options.ownerId !== undefined, (qb) => qb.where("owner_id", "=", options.ownerId!))
    .orderBy("id")
    .forUpdate()
    .execute();
  const moved: Moved[] = [];
  for (const row of rows) {
    const from = effectiveStatus(row.status, row.expires_at, now);
    const to = nextStatus(from, move, actor, { everPublished: row.published_at !== null });
    if (to !== null) moved.push({ id: row.id, from, to });
  }
  if (moved.length === 0) return [];
  const lifetimeDays =
    move === "renew" || move === "approve" || move === "publish" || move === "restore" ? await advertLifetimeDays(trx) : 0;
  await trx
    .updateTable("advertisements")
    .set(columnsFor(move, moved[0]!.to, lifetimeDays, now, options.reason ?? null))
    .where(
      "id",
      "in",
      moved.map((row) => row.id),
    )
    .execute();
  return moved;
}

export type OwnerMoveOutcome =
  | { outcome: "done"; to: AdvertStatus; kind: AdvertKind }
  | { outcome: "not_found" }
  | { outcome: "not_allowed" }
  | { outcome: "too_soon"; nextAt: Date };

/**
 * One owner move on one advert (the cabinet's buttons, the mailed links). Raising also keeps
 * its interval: at most once per `advert_raise_interval_days`, counted from the publication.
 */
export async function ownerMove(
  trx: Transaction<DB>,
  id: number,
  ownerId: number,
  move: "renew" | "sold" | "archive" | "raise",
  now = new Date(),
): Promise<OwnerMoveOutcome> {
  const row = await trx
    .selectFrom("advertisements")
    .select(["status", "published_at", "expires_at", "raised_at", "kind"])
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { outcome: "not_found" };
  if (move === "raise") {
    const settings = await trx.selectFrom("settings").select("advert_raise_interval_days").where("id", "=", 1).executeTakeFirst();
    const interval = settings?.advert_raise_interval_days ?? 7;
    if (!mayRaise(row.raised_at, interval, now)) return { outcome: "too_soon", nextAt: nextRaiseAt(row.raised_at, interval)! };
  }
  const [moved] = await moveAdverts(trx, [id], move, "owner", { ownerId, now });
  return moved ? { outcome: "done", to: moved.to, kind: row.kind } : { outcome: "not_allowed" };
}
