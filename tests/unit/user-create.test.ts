// `npm run user:create`: the documented way to make the first admin, run as a real process
// against an embedded database in a temporary DATA_DIR.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "kysely";
import { openPGlite } from "#db/connection.ts";
import { verifyPassword } from "#app/modules/auth/password.server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-user-create-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  // The CLI's first run would create and migrate the embedded database (initdb and every
  // migration: most of this file's time). Start it from the suite's migrated copy instead;
  // opening an existing database and finding nothing to migrate is what the CLI does anyway.
  const template = inject("testDatabase");
  if (template.kind !== "pglite") return;
  const database = await openPGlite({ dir: path.join(dataDir, "db"), loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
  await database.close();
});

function userCreate(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "development" };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ["scripts/user-create.ts", ...args], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
}

async function readUser(email: string) {
  const database = await openPGlite({ dir: path.join(dataDir, "db") });
  try {
    return await database.db
      .selectFrom("users")
      .selectAll()
      .where(sql<string>`lower(email)`, "=", email)
      .executeTakeFirst();
  } finally {
    await database.close();
  }
}

describe("user:create", () => {
  it("creates a verified admin, then refuses a duplicate unless --update", async () => {
    const created = userCreate("--email", "Chief@Example.test", "--password", "first-pass-1", "--role", "admin", "--name", "Chief");
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("Created admin chief@example.test");
    const user = await readUser("chief@example.test");
    expect(user).toMatchObject({ role: "admin", name: "Chief" });
    expect(user!.email_verified_at).not.toBeNull();
    expect(await verifyPassword(user!.password_hash, "first-pass-1")).toBe(true);

    const duplicate = userCreate("--email", "chief@example.test", "--password", "second-pass-2", "--role", "editor");
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain("already exists");

    const updated = userCreate("--email", "chief@example.test", "--password", "second-pass-2", "--role", "editor", "--update");
    expect(updated.status).toBe(0);
    const after = await readUser("chief@example.test");
    expect(after!.role).toBe("editor");
    expect(await verifyPassword(after!.password_hash, "second-pass-2")).toBe(true);
  }, 240_000);

  it("refuses a bad role or a weak password with a usage line", () => {
    const role = userCreate("--email", "x@example.test", "--password", "good-pass-1", "--role", "owner");
    expect(role.status).toBe(2);
    expect(role.stderr).toMatch(/--role must be one of user, editor, admin[\s\S]*Usage:/);
    const weak = userCreate("--email", "x@example.test", "--password", "short", "--role", "user");
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain("--password needs at least 8 characters");
  }, 60_000);
});
