import type { AdvertKind, TokenPurpose } from "#db/schema.ts";
import { consumeToken, inspectToken } from "#app/modules/auth/tokens.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { ownerMove } from "./lifecycle.server.ts";
import { canMove, effectiveStatus } from "./lifecycle.ts";

// The mailed "renew" and "mark as sold" links (expiry-reminders.server.ts): a single-use token
// for one advert of its owner, usable without signing in. Opening the link only looks
// (inspectAdvertLink); the confirmation's POST moves the advert through the lifecycle table,
// exactly as the cabinet's button would, and uses the token up in the same transaction.

export type LinkMove = "renew" | "sold";

const PURPOSE: Record<LinkMove, TokenPurpose> = { renew: "advert_renew", sold: "advert_sold" };

export type LinkState =
  | { state: "confirm" | "done"; title: string; expiresAt: Date | null; kind: AdvertKind }
  | { state: "invalid" | "used" | "expired" | "not_allowed" };

async function advertOf(id: number, ownerId: number) {
  return getDb()
    .selectFrom("advertisements")
    .select(["title", "status", "published_at", "expires_at", "kind"])
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** What the link would do: ask to confirm, or say why it cannot. Changes nothing. */
export async function inspectAdvertLink(token: string, move: LinkMove, now = new Date()): Promise<LinkState> {
  const check = await inspectToken(token, now);
  if (check.status === "unknown" || check.purpose !== PURPOSE[move] || check.advertisementId === null) return { state: "invalid" };
  if (check.status !== "valid") return { state: check.status };
  const advert = await advertOf(check.advertisementId, check.userId);
  if (!advert) return { state: "invalid" };
  const status = effectiveStatus(advert.status, advert.expires_at, now);
  if (!canMove(status, move, "owner", { everPublished: advert.published_at !== null })) return { state: "not_allowed" };
  return { state: "confirm", title: advert.title, expiresAt: advert.expires_at, kind: advert.kind };
}

class TokenTaken extends Error {}

/** Does what the link says, once: the move and the token's use commit together or not at all. */
export async function useAdvertLink(token: string, move: LinkMove, now = new Date()): Promise<LinkState> {
  const looked = await inspectAdvertLink(token, move, now);
  if (looked.state !== "confirm") return looked;
  const check = await inspectToken(token, now);
  if (check.status !== "valid" || check.advertisementId === null) return { state: "invalid" };
  const advertId = check.advertisementId;
  try {
    return await getDb()
      .transaction()
      .execute(async (trx): Promise<LinkState> => {
        const moved = await ownerMove(trx, advertId, check.userId, move, now);
        if (moved.outcome === "not_found") return { state: "invalid" };
        if (moved.outcome !== "done") return { state: "not_allowed" };
        // Of two concurrent uses exactly one consumes the token; the other's move is rolled back.
        if ((await consumeToken(token, PURPOSE[move], now, trx)) === null) throw new TokenTaken();
        const after = await trx
          .selectFrom("advertisements")
          .select(["title", "expires_at", "kind"])
          .where("id", "=", advertId)
          .executeTakeFirstOrThrow();
        return { state: "done", title: after.title, expiresAt: after.expires_at, kind: after.kind };
      });
  } catch (error) {
    if (error instanceof TokenTaken) return { state: "used" };
    throw error;
  }
}
