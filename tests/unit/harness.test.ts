// Proves tests/support/db.ts: each test file gets its own fresh, migrated database,
// registered as the app's database.
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "#app/platform/db/db.server.ts";
import { createTestDatabase, type TestDatabaseHandle, useTestDatabase } from "../support/db.ts";

const t = useTestDatabase();
const slug = `harness-${process.pid}-${Date.now()}`;

const migrationCount = readdirSync(path.resolve(import.meta.dirname, "../../migrations")).filter((file) => /\.(ts|js)$/.test(file)).length;

async function hasLocation(db: TestDatabaseHandle["db"], wanted: string): Promise<boolean> {
  const row = await db.selectFrom("locations").select("slug").where("slug", "=", wanted).executeTakeFirst();
  return row !== undefined;
}

describe("test database harness", () => {
  const others: TestDatabaseHandle[] = [];
  afterAll(async () => {
    for (const other of others) await other.dispose();
  });

  it("registers the file's database as the app database", () => {
    expect(getDatabase()).toBe(t.database);
    expect(getDb()).toBe(t.db);
    expect(t.kind).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  });

  it("gives a migrated database", async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    expect(applied.rows).toHaveLength(migrationCount);
    expect(migrationCount).toBeGreaterThan(0);
  });

  it("writes are visible within the file", async () => {
    await t.db.insertInto("locations").values({ slug, name_uk: "Тест", name_en: "Test" }).execute();
    expect(await hasLocation(t.db, slug)).toBe(true);
  });

  it("another test file's database does not see them", async () => {
    // createTestDatabase() is exactly what useTestDatabase() runs for every other file.
    const other = await createTestDatabase();
    others.push(other);
    expect(other.db).not.toBe(t.db);
    expect(await hasLocation(t.db, slug)).toBe(true);
    expect(await hasLocation(other.db, slug)).toBe(false);

    // ...and writes there do not leak back either.
    const otherSlug = `${slug}-other`;
    await other.db.insertInto("locations").values({ slug: otherSlug, name_uk: "Інше", name_en: "Other" }).execute();
    expect(await hasLocation(other.db, otherSlug)).toBe(true);
    expect(await hasLocation(t.db, otherSlug)).toBe(false);
  });

  it("each new database starts from the migrated template", async () => {
    const fresh = await createTestDatabase();
    others.push(fresh);
    expect(await hasLocation(fresh.db, slug)).toBe(false);
    expect(await hasLocation(fresh.db, `${slug}-other`)).toBe(false);
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(fresh.db);
    expect(applied.rows).toHaveLength(migrationCount);
  });
});
