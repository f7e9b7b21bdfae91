// A content change committed by another process reaches this one's page-cache state at once
// (NOTIFY from the content_versions trigger, migrations/0010), not only at the next
// once-a-second poll. The clock is frozen, so the poll interval never runs out by itself:
// only the notification can make getContentState read the versions again.
import { afterAll, beforeAll, describe, expect, it, inject, vi } from "vitest";
import { sql } from "kysely";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import { getContentState, resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { listenForContentChanges, type ContentListener } from "#app/platform/page-cache/content-notify.server.ts";
import { openPostgres, type Database } from "#db/connection.ts";
import { createTestDatabase, type TestDatabaseHandle } from "../support/db.ts";
import { urlForDatabase } from "../support/pg-admin.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)("content change notifications (PostgreSQL LISTEN/NOTIFY; PGlite is one process)", () => {
  let handle: TestDatabaseHandle;
  let other: Database;
  let listener: ContentListener;

  beforeAll(async () => {
    handle = await createTestDatabase();
    registerDatabase(handle.database);
    const template = inject("testDatabase");
    if (template?.kind !== "postgres" || !handle.name) throw new Error("expected a PostgreSQL test database");
    const url = urlForDatabase(template.url, handle.name);
    // "Another process": its own connection pool writing to the same database.
    other = openPostgres(url, 1);
    listener = listenForContentChanges(url, () => {});
    await listener.ready;
  });

  afterAll(async () => {
    vi.useRealTimers();
    await listener?.close();
    await other?.close();
    registerDatabase(undefined);
    await handle?.dispose();
  });

  it("drops the polled state when another connection bumps a version", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    resetContentState();
    const before = (await getContentState()).versions.get("news") ?? 0;
    // Within the poll interval the state is reused, whatever the database says. This bump
    // skips the notifying trigger (replica role, this transaction only): a NOTIFY racing the
    // next read would make the check depend on timing.
    await handle.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update content_versions set version = version + 1 where name = 'news'`.execute(trx);
    });
    expect((await getContentState()).versions.get("news") ?? 0).toBe(before);
    resetContentState();
    const seen = (await getContentState()).versions.get("news") ?? 0;
    expect(seen).toBe(before + 1);

    await sql`update content_versions set version = version + 1 where name = 'news'`.execute(other.db);
    await expect.poll(async () => (await getContentState()).versions.get("news")).toBe(seen + 1);
  });
});
