import { randomBytes } from "node:crypto";
import type { AppConfig } from "#app/platform/config/config.server.ts";
import { imageStoreFor } from "#app/platform/images/storage.server.ts";
import type { AfterMigrate } from "../../server/startup.ts";
import { seedDemoContent } from "./index.ts";

/**
 * Demo accounts never reach a real deployment: PostgreSQL (DATABASE_URL) is seeded only with
 * SEED_DEMO=yes, and the Docker image sets SEED_DEMO=no; `auto` seeds the embedded database of
 * a local quick start, so a fresh clone starts with something to look at.
 */
export function shouldSeedDemo(config: Pick<AppConfig, "seedDemo" | "databaseUrl">): boolean {
  return config.seedDemo === "yes" || (config.seedDemo === "auto" && !config.databaseUrl);
}

/**
 * What `npm start`, `npm run serve` (the Docker image) and `npm run dev` do on the migrated
 * database before the server serves it (the server itself only migrates): an empty database
 * gets the demo content when shouldSeedDemo(), and the demo logins are printed last, once the
 * portal listens.
 */
export const seedOnFirstStart: AfterMigrate = async (database, config, log) => {
  if (!shouldSeedDemo(config)) return undefined;
  const existing = await database.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return undefined;
  const demoPassword = config.demoPassword ?? randomBytes(9).toString("base64url");
  await seedDemoContent(database.db, { store: imageStoreFor(config.storage, config.paths.uploads), demoPassword, log });
  return [
    "Demo accounts (one password for all three):",
    ...["admin@demo.local", "editor@demo.local", "user@demo.local"].map((email) => `  ${email}`),
    `  password: ${demoPassword}`,
    `Sign in at ${config.origin}/login`,
  ];
};
