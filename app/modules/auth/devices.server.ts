import Bowser from "bowser";
import { getDb } from "#app/modules/db/db.server.ts";

// A device is what a person recognises in a list: the browser and the system ("Chrome on
// Android"), not the version, which changes every few weeks and would make every update a
// "new device".

/** "Chrome on Android"; "Firefox"; "Android"; null when the user agent says nothing useful. */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = parsed.browser.name?.trim();
  const os = parsed.os.name?.trim();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || null;
}

/**
 * Records the device a session was started from. True when the account had signed in before,
 * but never from this device: its owner gets a mail. An account's first device is not news.
 */
export async function noteSignInDevice(userId: number, userAgent: string | null): Promise<boolean> {
  const device = deviceName(userAgent) ?? "unknown";
  const db = getDb();
  const inserted = await db
    .insertInto("user_devices")
    .values({ user_id: userId, device })
    .onConflict((oc) => oc.columns(["user_id", "device"]).doNothing())
    .returning("device")
    .executeTakeFirst();
  if (!inserted) return false;
  const others = await db
    .selectFrom("user_devices")
    .select("device")
    .where("user_id", "=", userId)
    .where("device", "<>", device)
    .limit(1)
    .executeTakeFirst();
  return others !== undefined;
}
