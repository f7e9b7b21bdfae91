import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { openDatabase, type Database } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../scripts/seed/index.ts";
import type { AppConfig } from "../app/modules/config/config.server.ts";
import { imageStoreFor, setImageStore, type ImageStore } from "../app/modules/images/storage.server.ts";
import { setImageBaseUrl } from "../app/modules/images/urls.ts";

/**
 * Demo accounts never reach a real deployment: PostgreSQL (DATABASE_URL) is seeded only with
 * SEED_DEMO=yes, and the Docker image sets SEED_DEMO=no; `auto` seeds the embedded database of
 * a local quick start, so a fresh clone starts with something to look at.
 */
export function shouldSeedDemo(config: Pick<AppConfig, "seedDemo" | "databaseUrl">): boolean {
  return config.seedDemo === "yes" || (config.seedDemo === "auto" && !config.databaseUrl);
}

/** Opens and migrates the database; an empty one gets the demo content when shouldSeedDemo(). */
export async function prepareDatabase(config: AppConfig, log: (line: string) => void): Promise<Database> {
  // Opening the embedded database takes seconds on a first start: say so, or it looks stuck.
  log(`Opening the database (${config.databaseUrl ? "PostgreSQL" : `embedded, in ${config.paths.db}`}) and applying migrations…`);
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db, log);
    if (shouldSeedDemo(config)) {
      const existing = await database.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
      if (!existing) {
        const demoPassword = config.demoPassword ?? randomBytes(9).toString("base64url");
        await seedDemoContent(database.db, { store: imageStoreFor(config.storage, config.paths.uploads), demoPassword, log });
        printDemoLogins(demoPassword, log);
      }
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The configured image store, made the process-wide one; image URLs point to S3_PUBLIC_URL when set. */
export function useImageStorage(config: AppConfig): ImageStore {
  const store = imageStoreFor(config.storage, config.paths.uploads);
  setImageStore(store);
  setImageBaseUrl(config.storage.kind === "s3" ? config.storage.publicUrl : undefined);
  return store;
}

/** What a cluster's primary does once before forking: migrations (and seed), the share image. */
export async function prepareOnce(config: AppConfig, images: ImageStore, log: (line: string) => void): Promise<void> {
  const database = await prepareDatabase(config, log);
  await database.close();
  await ensureShareImage(images, "Diaspora");
}

function printDemoLogins(password: string, log: (line: string) => void) {
  log("");
  log("Demo accounts (password for all three):");
  for (const email of ["admin@demo.local", "editor@demo.local", "user@demo.local"]) log(`  ${email}`);
  log(`  password: ${password}`);
  log("");
}

/** The default share card image: SPEC wants a webp under the uploads images path. */
export async function ensureShareImage(store: ImageStore, siteName: string): Promise<void> {
  const name = "images/share.webp";
  if (await store.has(name)) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="#18181b"/>
    <rect x="0" y="0" width="1200" height="315" fill="#0057b7"/>
    <rect x="0" y="315" width="1200" height="315" fill="#ffd700"/>
    <text x="600" y="340" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff" stroke="#18181b" stroke-width="3" text-anchor="middle">${siteName}</text>
  </svg>`;
  await store.put(name, await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(), "image/webp");
}
