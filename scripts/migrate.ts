// npm run db:migrate — applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { loadConfig } from "#app/platform/config/config.server.ts";
import { openDatabase } from "#db/connection.ts";
import { migrateToLatest } from "#db/migrate.ts";

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db, (line) => console.log(line));
    console.log("Database is up to date.");
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
