import { promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import { FileMigrationProvider, Migrator } from "kysely/migration";

const migrationFolder = path.resolve(import.meta.dirname, "../migrations");

export async function migrateToLatest(db: Kysely<any>, log: (line: string) => void = () => {}) {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({
      fs,
      path,
      migrationFolder,
      // Node 24 strips the types of .ts migrations; a file URL keeps the import portable.
      import: (file: string) => import(pathToFileURL(file).href),
    }),
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    log(`migration ${result.migrationName}: ${result.status}`);
  }
  if (error) throw error;
}
