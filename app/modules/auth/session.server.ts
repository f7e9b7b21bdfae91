import type { Locale, UserRole } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { signedCookie } from "#app/platform/http/cookies.server.ts";
import { noteSignInDevice, parseDevice } from "./devices.server.ts";
import { hashToken, newToken } from "./secrets.server.ts";
import { queueSecurityMail } from "./security-mail.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// Sessions live in the `sessions` table; the signed `__session` cookie carries a random
// token whose SHA-256 is the row's id. Each request reads the session together with its
// user, so a role change, a block or a deletion acts on the very next request.

export const SESSION_COOKIE = "__session";
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Rolling expiry: a session used again after this long is extended to 30 days from now. */
const EXTEND_AFTER_MS = 60 * 60 * 1000;

// Values verified with a cookie built from an older config (another secret) are checked again.
const sessionCookie = signedCookie(SESSION_COOKIE, { maxAge: SESSION_MAX_AGE_SECONDS, onBuild: () => verified.clear() });

/**
 * Signed cookie values already verified, with their token. Checking the signature imports
 * the key and runs an HMAC through Web Crypto on every signed-in request (about 3 % of a
 * dashboard page's CPU); a value that verified once verifies again under the same secret,
 * and only a value that verified is kept, so a forged one is checked every time.
 */
const verified = new Map<string, string>();
const MAX_VERIFIED = 1_000;
const SESSION_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);

export type SessionUser = {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  role: UserRole;
  emailVerified: boolean;
  preferredLocale: Locale;
};

/** `reauthenticatedAt`: when the session last proved the password or a code (its sign-in included); null for sessions older than the column. */
export type CurrentSession = { id: string; expiresAt: Date; lastSeenAt: Date; reauthenticatedAt?: Date | null; user: SessionUser };

/** The cookie's token: `present` is true for any `__session` cookie, valid or not. */
export async function readSessionToken(request: Request): Promise<{ present: boolean; token: string | null }> {
  const header = request.headers.get("cookie");
  const raw = header ? SESSION_VALUE.exec(header)?.[1] : undefined;
  if (raw === undefined) return { present: false, token: null };
  const parser = sessionCookie();
  const known = verified.get(raw);
  if (known !== undefined) return { present: true, token: known };
  const value: unknown = await parser.parse(header);
  const token = typeof value === "string" && value.length > 0 ? value : null;
  if (token !== null) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(raw, token);
  }
  return { present: true, token };
}

export function commitSessionCookie(token: string): Promise<string> {
  return sessionCookie().serialize(token);
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Starts a session for the user; returns the cookie token (never stored as such). */
export async function createSession(userId: number, userAgent: string | null): Promise<{ token: string; id: string }> {
  const token = newToken();
  const id = hashToken(token);
  const db = getDb();
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      // Every way in proved the account just now: the session starts recently authenticated.
      reauthenticated_at: new Date(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  await db.deleteFrom("sessions").where("expires_at", "<", new Date()).execute();
  await mailIfNewDevice(userId, userAgent);
  return { token, id };
}

/** Every way in makes its session here, so a sign-in from a device the account never used mails its owner. */
async function mailIfNewDevice(userId: number, userAgent: string | null): Promise<void> {
  try {
    const device = parseDevice(userAgent);
    if (await noteSignInDevice(userId, device)) await queueSecurityMail({ userId, event: "new-device", device });
  } catch (error) {
    // The sign-in itself succeeded; a queue outage must not turn it into an error page.
    logger.error({ err: error }, "new-device mail not queued");
  }
}

/** The live session of a token with its user; null when unknown, expired or the user is blocked. */
export async function findSession(token: string): Promise<CurrentSession | null> {
  const row = await getDb()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as session_id",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "sessions.reauthenticated_at",
      "users.id",
      "users.email",
      "users.name",
      "users.phone",
      "users.role",
      "users.email_verified_at",
      "users.preferred_locale",
    ])
    .where("sessions.id", "=", hashToken(token))
    .where("sessions.expires_at", ">", new Date())
    .where("users.blocked_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.session_id,
    expiresAt: new Date(row.expires_at),
    lastSeenAt: new Date(row.last_seen_at),
    reauthenticatedAt: row.reauthenticated_at ? new Date(row.reauthenticated_at) : null,
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      phone: row.phone,
      role: row.role,
      emailVerified: row.email_verified_at !== null,
      preferredLocale: row.preferred_locale,
    },
  };
}

/**
 * Rolling expiry: extends the session to 30 days from now when it was last extended more
 * than an hour ago (so an active user is not written on every request). True when extended:
 * the cookie must then be sent again with a fresh Max-Age.
 */
export async function extendSessionIfDue(session: CurrentSession, now = new Date()): Promise<boolean> {
  if (now.getTime() - session.lastSeenAt.getTime() < EXTEND_AFTER_MS) return false;
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await getDb().updateTable("sessions").set({ last_seen_at: now, expires_at: expiresAt }).where("id", "=", session.id).execute();
  session.lastSeenAt = now;
  session.expiresAt = expiresAt;
  return true;
}

export async function deleteSession(sessionId: string): Promise<void> {
  await getDb().deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Ends every session of the user, but `exceptSessionId` (the one changing the password). */
export async function deleteUserSessions(userId: number, exceptSessionId?: string): Promise<number> {
  let query = getDb().deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptSessionId) query = query.where("id", "<>", exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
