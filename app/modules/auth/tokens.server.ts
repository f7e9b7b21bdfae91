import type { Kysely } from "kysely";
import type { DB, TokenPurpose } from "../../../db/schema.ts";
import { getDb } from "../db/db.server.ts";
import { hashToken, newToken } from "./secrets.server.ts";

// Emailed links: single use, expiring, and stored only as a SHA-256 hash.

const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** A fresh token for the user; earlier unused ones of the same purpose stop working. */
export async function issueToken(userId: number, purpose: TokenPurpose, now = new Date()): Promise<string> {
  const token = newToken();
  const db = getDb();
  await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("auth_tokens")
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      created_at: now,
    })
    .execute();
  return token;
}

export type TokenCheck =
  | { status: "valid"; userId: number; purpose: TokenPurpose }
  | { status: "used" | "expired"; userId: number; purpose: TokenPurpose }
  | { status: "unknown" };

/** What a token is, without using it up (the reset page shows its form first). */
export async function inspectToken(token: string, now = new Date(), db: Kysely<DB> = getDb()): Promise<TokenCheck> {
  if (!token || token.length > 200) return { status: "unknown" };
  const row = await db
    .selectFrom("auth_tokens")
    .select(["user_id", "purpose", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { status: "unknown" };
  const base = { userId: row.user_id, purpose: row.purpose };
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
  if (!token || token.length > 200) return null;
  const row = await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}
