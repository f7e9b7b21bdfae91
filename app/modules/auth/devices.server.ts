import Bowser from "bowser";
import { getDb } from "#app/platform/db/db.server.ts";
import type { Device } from "./device-label.ts";

// A device is what a person recognises in a list: the browser and the system ("Chrome on
// Android"), not the version, which changes every few weeks and would make every update a
// "new device". The parts are kept apart so each page and mail joins them in its own language.

/** Browser and system from a user agent; null when it says nothing useful. */
export function parseDevice(userAgent: string | null | undefined): Device | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = parsed.browser.name?.trim() || null;
  const os = parsed.os.name?.trim() || null;
  return browser || os ? { browser, os } : null;
}

/**
 * The device's key in `user_devices`: "Chrome on Android"; "Firefox"; "Android"; "unknown".
 * Never shown; it keeps its English form so that devices recorded before stay known.
 */
export function deviceKey(device: Device | null): string {
  if (!device) return "unknown";
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser || device.os || "unknown";
}

/**
 * Records the device a session was started from. True when the account had signed in before,
 * but never from this device: its owner gets a mail. An account's first device is not news.
 */
export async function noteSignInDevice(userId: number, device: Device | null): Promise<boolean> {
  const key = deviceKey(device);
  const db = getDb();
  const inserted = await db
    .insertInto("user_devices")
    .values({ user_id: userId, device: key })
    .onConflict((oc) => oc.columns(["user_id", "device"]).doNothing())
    .returning("device")
    .executeTakeFirst();
  if (!inserted) return false;
  const others = await db
    .selectFrom("user_devices")
    .select("device")
    .where("user_id", "=", userId)
    .where("device", "<>", key)
    .limit(1)
    .executeTakeFirst();
  return others !== undefined;
}
