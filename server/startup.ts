import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { openDatabase, type Database } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedDemoContent } from "../db/seed/index.ts";
import type { AppConfig } from "../app/modules/config/config.server.ts";

/**
 * Opens and migrates the database. An empty database gets the demo content when it is the
 * embedded one (or SEED_DEMO=yes): a fresh clone starts with something to look at.
 */
export async function prepareDatabase(config: AppConfig, log: (line: string) => void): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db, log);
    const shouldSeed = config.seedDemo === "yes" || (config.seedDemo === "auto" && !config.databaseUrl);
    if (shouldSeed) {
      const existing = await database.db.selectFrom("users").select("id").limit(1).executeTakeFirst();
      if (!existing) {
        const demoPassword = config.demoPassword ?? randomBytes(9).toString("base64url");
        await seedDemoContent(database.db, { uploadsDir: config.paths.uploads, demoPassword, log });
        printDemoLogins(demoPassword, log);
      }
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

export function printDemoLogins(password: string, log: (line: string) => void) {
  log("");
  log("Demo accounts (password for all three):");
  for (const email of ["admin@demo.local", "editor@demo.local", "user@demo.local"]) log(`  ${email}`);
  log(`  password: ${password}`);
  log("");
}

/** The default share card image: SPEC wants a webp under the uploads images path. */
export async function ensureShareImage(uploadsDir: string, siteName: string): Promise<void> {
  const file = path.join(uploadsDir, "images", "share.webp");
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="#18181b"/>
    <rect x="0" y="0" width="1200" height="315" fill="#0057b7"/>
    <rect x="0" y="315" width="1200" height="315" fill="#ffd700"/>
    <text x="600" y="340" font-family="sans-serif" font-size="96" font-weight="700" fill="#ffffff" stroke="#18181b" stroke-width="3" text-anchor="middle">${siteName}</text>
  </svg>`;
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(file);
}
