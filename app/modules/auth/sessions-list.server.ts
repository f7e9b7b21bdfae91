import { z } from "zod";
import { getDb } from "#app/platform/db/db.server.ts";
import type { Device } from "./device-label.ts";
import { parseDevice } from "./devices.server.ts";
import { deleteUserSessions } from "./session.server.ts";

// The account's sessions as its owner sees them. A session is named by its random `handle`:
// the row's id is the hash of the cookie token and stays on the server.

export type SessionListItem = {
  handle: string;
  /** Browser and system, or null when the browser said nothing useful. */
  device: Device | null;
  lastUsedAt: string;
  startedAt: string;
  current: boolean;
};

const handleSchema = z.uuid();

export async function listUserSessions(userId: number, currentSessionId: string | null, now = new Date()): Promise<SessionListItem[]> {
  const rows = await getDb()
    .selectFrom("sessions")
    .select(["id", "handle", "user_agent", "last_seen_at", "created_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
  const items = rows.map((row) => ({
    handle: row.handle,
    device: parseDevice(row.user_agent),
    lastUsedAt: new Date(row.last_seen_at).toISOString(),
    startedAt: new Date(row.created_at).toISOString(),
    current: row.id === currentSessionId,
  }));
  // This device first: it is the one a person looks for.
  return items.sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends the user's session named by `handle`. False when the handle is malformed or names no
 * session of this user (another user's included: the caller answers 404 either way).
 */
export async function signOutSession(userId: number, handle: unknown): Promise<boolean> {
  const parsed = handleSchema.safeParse(handle);
  if (!parsed.success) return false;
  const result = await getDb()
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("handle", "=", parsed.data.toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** "Sign out all other devices": every session of the user but the current one. */
export function signOutOtherSessions(userId: number, currentSessionId: string): Promise<number> {
  return deleteUserSessions(userId, currentSessionId);
}
