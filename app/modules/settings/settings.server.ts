import { getDb } from "../db/db.server.ts";
import { cachedByVersion } from "../listing/content-state.server.ts";

export async function getSettings() {
  return getDb().selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

/** The settings as public pages read them: kept per process until the settings table changes. */
export const getPublicSettings = cachedByVersion(["settings"], getSettings);

export type Settings = Awaited<ReturnType<typeof getSettings>>;
