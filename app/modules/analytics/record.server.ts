import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { DeviceInfo } from "#app/platform/device/detect.ts";

export type VisitFacts = {
  path: string;
  referrerHost: string | null;
  locale: "ua" | "us";
  device: DeviceInfo;
  visitorHash: string;
};

/** One visit (an app load) and the visitor's presence on that page. */
export async function recordVisit(facts: VisitFacts, now = new Date(), db: Kysely<DB> = getDb()): Promise<void> {
  await db
    .insertInto("visits")
    .values({
      visited_at: now,
      path: facts.path,
      referrer_host: facts.referrerHost,
      locale: facts.locale,
      device_class: facts.device.deviceClass,
      browser: facts.device.browser,
      os: facts.device.platform,
      visitor_hash: facts.visitorHash,
    })
    .execute();
  await recordPresence(facts.visitorHash, facts.path, now, db);
}

/** A heartbeat: the visitor is still here, on this page. */
export async function recordPresence(visitorHash: string, path: string, now = new Date(), db: Kysely<DB> = getDb()): Promise<void> {
  await db
    .insertInto("presence")
    .values({ visitor_hash: visitorHash, path, last_seen_at: now })
    .onConflict((conflict) => conflict.column("visitor_hash").doUpdateSet({ path, last_seen_at: now }))
    .execute();
}
