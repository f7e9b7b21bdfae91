import type { Kysely } from "kysely";
import type { DB, TokenPurpose } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { hashToken, newToken } from "./secrets.server.ts";

// Emailed links: single use, expiring, and stored only as a SHA-256 hash.

const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  // An advert's mailed links: the expired-advert mail's renew link must outlive the advert.
  advert_renew: 30 * 24 * 60 * 60 * 1000,
  advert_sold: 30 * 24 * 60 * 60 * 1000,
  // The mailed sign-in link: short, it stands in for a password.
  sign_in_link: 15 * 60 * 1000,
  // A security mail's "this wasn't me": read days later, maybe.
  not_me: 7 * 24 * 60 * 60 * 1000,
  // A new email address's confirmation link.
  change_email: 24 * 60 * 60 * 1000,
};

/**
 * A fresh token for the user (and, for an advert's links, that advert); earlier unused ones
 * of the same purpose (and advert) stop working. `email`: the address the token is about (a
 * new address to confirm; the old address an "email changed" mail's "this wasn't me" gives back).
 */
export async function issueToken(
  userId: number,
  purpose: TokenPurpose,
  now = new Date(),
  advertisementId: number | null = null,
  db: Kysely<DB> = getDb(),
  email: string | null = null,
): Promise<string> {
  const token = newToken();
  // Every security mail carries its own "this wasn't me" link: a later mail must not disarm an earlier one.
  if (purpose !== "not_me")
    await db
      .updateTable("auth_tokens")
      .set({ used_at: now })
      .where("user_id", "=", userId)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .$if(advertisementId !== null, (qb) => qb.where("advertisement_id", "=", advertisementId))
      .execute();
  await db
    .insertInto("auth_tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      advertisement_id: advertisementId,
      email,
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      created_at: now,
    })
    .execute();
  return token;
}

export type TokenCheck =
  | { status: "valid"; userId: number; purpose: TokenPurpose; advertisementId: number | null }
  | { status: "used" | "expired"; userId: number; purpose: TokenPurpose; advertisementId: number | null }
  | { status: "unknown" };

/** What a token is, without using it up (the reset page shows its form first). */
export async function inspectToken(token: string, now = new Date(), db: Kysely<DB> = getDb()): Promise<TokenCheck> {
  if (!token || token.length > 200) return { status: "unknown" };
  const row = await db
    .selectFrom("auth_tokens")
    .select(["user_id", "purpose", "expires_at", "used_at", "advertisement_id"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { status: "unknown" };
  const base = { userId: row.user_id, purpose: row.purpose, advertisementId: row.advertisement_id };
  if (row.used_at) return { status: "used", ...base };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { status: "expired", ...base };
  return { status: "valid", ...base };
}

/**
 * Uses the token up if it is valid and of `purpose`. The update's own condition makes
 * this atomic: of two concurrent uses, exactly one gets the user id.
 */
export async function consumeToken(
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
  db: Kysely<DB> = getDb(),
): Promise<number | null> {
  return (await consumeIssuedToken(token, purpose, now, db))?.userId ?? null;
}

/**
 * `consumeToken`, also saying when the token was issued (a security mail's token: when its
 * event happened) and the address it is about, if any.
 */
export async function consumeIssuedToken(
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
  db: Kysely<DB> = getDb(),
): Promise<{ userId: number; issuedAt: Date; email: string | null } | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["user_id", "created_at", "email"])
    .executeTakeFirst();
  return row ? { userId: row.user_id, issuedAt: new Date(row.created_at), email: row.email } : null;
}
