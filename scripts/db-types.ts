// npm run db:types — migrates a fresh in-memory embedded database (PGlite) and writes the Kysely
// types of its tables to db/generated.ts. Run it after adding or changing a migration.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { generateSchemaTypes } from "#db/codegen.ts";
import { openPGlite } from "#db/connection.ts";
import { migrateToLatest } from "#db/migrate.ts";

const outFile = path.resolve(import.meta.dirname, "../db/generated.ts");

try {
  const database = await openPGlite();
  try {
    await migrateToLatest(database.db);
    await writeFile(outFile, await generateSchemaTypes(database.db));
    console.log(`Wrote ${path.relative(process.cwd(), outFile)}.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
