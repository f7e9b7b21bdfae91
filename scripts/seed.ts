// npm run db:seed — migrates the configured database (DATABASE_URL, or the embedded one
// in DATA_DIR) and fills it with demo content unless the demo admin already exists.
import { randomBytes } from "node:crypto";
import { loadConfig } from "#app/platform/config/config.server.ts";
import { imageStoreFor } from "#app/platform/images/storage.server.ts";
import { openDatabase } from "#db/connection.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { DEMO_ACCOUNTS, seedDemoContent } from "./seed/index.ts";

const log = (line: string) => console.log(line);

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db, log);
    // Without DEMO_PASSWORD a random one is made and printed: never a guessable default.
    const demoPassword = config.demoPassword ?? randomBytes(9).toString("base64url");
    const { created } = await seedDemoContent(database.db, {
      store: imageStoreFor(config.storage, config.paths.uploads),
      demoPassword,
      log,
    });
    if (created) {
      log(`Demo accounts: ${Object.values(DEMO_ACCOUNTS).join(", ")}`);
      log(config.demoPassword ? "Password: the value of DEMO_PASSWORD" : `Password: ${demoPassword}`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
