import { getDb } from "#app/platform/db/db.server.ts";
import { cachedByVersion } from "#app/platform/page-cache/content-state.server.ts";

export async function getSettings() {
  return getDb().selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

/**
 * The settings as pages show them (loaders): kept per process until the settings table changes,
 * so an uncached or signed-in page does not ask for them. Writes and the settings form read
 * getSettings(), the row as it is now.
 */
export const getCachedSettings = cachedByVersion(["settings"], getSettings);

export type Settings = Awaited<ReturnType<typeof getSettings>>;
