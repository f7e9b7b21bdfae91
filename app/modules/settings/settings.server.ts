import { getDb } from "../db/db.server.ts";

export async function getSettings() {
  return getDb().selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

export type Settings = Awaited<ReturnType<typeof getSettings>>;
