import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { getDb } from "#app/platform/db/db.server.ts";
import { getSession } from "./guards.server.ts";

// Recent re-authentication: a stolen session cookie alone must not add a way into the account
// that outlives the session (a passkey, an authenticator app). Such changes need the session to
// have proved the password or a code within the last minutes: its sign-in (password, code,
// mailed link or passkey), a code typed on the security page, or the security page's password form.

export const REAUTHENTICATION_MINUTES = 10;

/** Whether the request's session proved the account within the last minutes. */
export function isRecentlyAuthenticated(context: Readonly<RouterContextProvider>, now = new Date()): boolean {
  const at = getSession(context)?.reauthenticatedAt;
  return Boolean(at) && now.getTime() - at!.getTime() < REAUTHENTICATION_MINUTES * 60 * 1000;
}

/** The session just proved the password or a code: it counts as recent for the next minutes. */
export async function markReauthenticated(context: Readonly<RouterContextProvider>, now = new Date()): Promise<void> {
  const session = getSession(context);
  if (!session) return;
  await getDb().updateTable("sessions").set({ reauthenticated_at: now }).where("id", "=", session.id).execute();
  session.reauthenticatedAt = now;
}

/** A sign-in by password, code or mailed link (not by passkey): passkeys added later are undone by recovery. */
export async function notePasswordSignIn(userId: number): Promise<void> {
  // The database's clock, like the passkeys' created_at it is compared with.
  await getDb()
    .updateTable("users")
    .set({ last_password_sign_in_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .execute();
}
