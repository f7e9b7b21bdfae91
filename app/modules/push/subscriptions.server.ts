import type { Kysely } from "kysely";
import { PUSH_KINDS, type DB, type PushKind } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { deviceKey, parseDevice } from "#app/modules/auth/devices.server.ts";

// A user's devices with push notifications on, and which kinds they want. Every read and write
// takes the user: another user's device is not found. The keys never leave the server.

/** What a browser's PushSubscription.toJSON() gives, as the cabinet's script posts it. */
export type SubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };

/** At most this many devices per user: a new one past it replaces the one that has not worked for longest. */
const MAX_PUSH_DEVICES = 10;

/**
 * Stores a browser's subscription for the user. The endpoint is unique: a browser subscribing
 * again (new keys), or one now used by another account, keeps one row, the latest owner's.
 */
export async function saveSubscription(userId: number, input: SubscriptionInput, userAgent: string | null, db: Kysely<DB> = getDb()) {
  const device = parseDevice(userAgent);
  const summary = device ? deviceKey(device) : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("push_subscriptions")
      .values({ user_id: userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, user_agent: summary })
      .onConflict((oc) =>
        oc.column("endpoint").doUpdateSet({
          user_id: userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          user_agent: summary,
          created_at: new Date(),
          last_success_at: null,
        }),
      )
      .execute();
    const extra = await trx
      .selectFrom("push_subscriptions")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy((eb) => eb.fn.coalesce("last_success_at", "created_at"), "desc")
      .orderBy("id", "desc")
      .offset(MAX_PUSH_DEVICES)
      .limit(100)
      .execute();
    if (extra.length)
      await trx
        .deleteFrom("push_subscriptions")
        .where(
          "id",
          "in",
          extra.map((row) => row.id),
        )
        .execute();
  });
}

export type PushDevice = { id: number; device: string | null; endpoint: string; createdAt: Date; lastSuccessAt: Date | null };

/** The user's devices, newest first. */
export async function listPushDevices(userId: number, db: Kysely<DB> = getDb()): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "user_agent", "endpoint", "created_at", "last_success_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: row.user_agent,
    endpoint: row.endpoint,
    createdAt: new Date(row.created_at),
    lastSuccessAt: row.last_success_at ? new Date(row.last_success_at) : null,
  }));
}

/** Removes one of the user's devices; false when the user has no such device. */
export async function removePushDevice(userId: number, id: number, db: Kysely<DB> = getDb()): Promise<boolean> {
  const result = await db.deleteFrom("push_subscriptions").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The kinds the user wants, in PUSH_KINDS' order. */
export async function pushKindsOf(userId: number, db: Kysely<DB> = getDb()): Promise<PushKind[]> {
  const row = await db.selectFrom("users").select("push_kinds").where("id", "=", userId).executeTakeFirst();
  const chosen = row?.push_kinds ?? [];
  return PUSH_KINDS.filter((kind) => chosen.includes(kind));
}

export async function setPushKinds(userId: number, kinds: readonly PushKind[], db: Kysely<DB> = getDb()): Promise<void> {
  await db
    .updateTable("users")
    .set({ push_kinds: PUSH_KINDS.filter((kind) => kinds.includes(kind)) })
    .where("id", "=", userId)
    .execute();
}

/** The user's devices and choices as the account's data export holds them: no endpoint, no keys. */
export async function exportedPushDevices(userId: number, db: Kysely<DB>) {
  const devices = await listPushDevices(userId, db);
  return {
    kinds: await pushKindsOf(userId, db),
    devices: devices.map((device) => ({
      device: device.device,
      created_at: device.createdAt.toISOString(),
      last_success_at: device.lastSuccessAt?.toISOString() ?? null,
    })),
  };
}
