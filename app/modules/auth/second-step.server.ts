import type { UserRole } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { readCookie, signedCookie } from "#app/platform/http/cookies.server.ts";
import { hashToken, newToken } from "./secrets.server.ts";

// A first factor that passed, waiting for the code: a `sign_in_pending` row named by the
// signed `__second_step` cookie's token (only its hash is stored). Nothing but the second
// step reads it, so it opens no page; it expires in ten minutes and is used up by the code.

const PENDING_COOKIE = "__second_step";
const PENDING_SECONDS = 10 * 60;

const pendingCookie = signedCookie(PENDING_COOKIE, { maxAge: PENDING_SECONDS });

/** Starts the second step for the user; the Set-Cookie that names it. */
export async function startPendingStep(userId: number, redirectTo: string, now = new Date()): Promise<string> {
  const token = newToken();
  const db = getDb();
  await db.deleteFrom("sign_in_pending").where("expires_at", "<", now).execute();
  await db
    .insertInto("sign_in_pending")
    .values({
      id: hashToken(token),
      user_id: userId,
      redirect_to: redirectTo.slice(0, 1000),
      expires_at: new Date(now.getTime() + PENDING_SECONDS * 1000),
    })
    .execute();
  return pendingCookie().serialize(token);
}

export type PendingStep = { id: string; userId: number; role: UserRole; redirectTo: string };

/** The live pending step the request's cookie names (its user not blocked), else null. */
export async function readPendingStep(request: Request, now = new Date()): Promise<PendingStep | null> {
  if (readCookie(request, PENDING_COOKIE) === undefined) return null;
  const value: unknown = await pendingCookie().parse(request.headers.get("cookie"));
  if (typeof value !== "string" || value.length === 0 || value.length > 200) return null;
  const row = await getDb()
    .selectFrom("sign_in_pending")
    .innerJoin("users", "users.id", "sign_in_pending.user_id")
    .select(["sign_in_pending.id", "sign_in_pending.user_id", "sign_in_pending.redirect_to", "users.role"])
    .where("sign_in_pending.id", "=", hashToken(value))
    .where("sign_in_pending.expires_at", ">", now)
    .where("users.blocked_at", "is", null)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, role: row.role, redirectTo: row.redirect_to } : null;
}

/** Uses the pending step up; false when another request already did. */
export async function consumePendingStep(id: string): Promise<boolean> {
  const result = await getDb().deleteFrom("sign_in_pending").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function clearPendingCookie(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
