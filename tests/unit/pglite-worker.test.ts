// The embedded database on a thread of its own, as the server opens it (db/pglite-thread.ts):
// the server's thread keeps answering while a query runs, a transaction's queries hold the
// database until it ends, SQL errors keep their SQLSTATE, the job queue and LISTEN/NOTIFY
// work through it, a dead thread costs a 503 and never a hang, and an idle thread keeps no
// process alive. Tests and scripts keep PGlite in process (every other test file covers that).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DatabaseUnavailableError, isConnectionError, openPGlite, type Database } from "#db/connection.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { appJobs } from "#app/jobs.server.ts";
import { installJobQueue, openJobQueue } from "#app/platform/jobs/queue.server.ts";

const root = path.resolve(import.meta.dirname, "../..");
let database: Database;

/** The suite's migrated copy when it is PGlite; on a PostgreSQL run, a fresh one migrated here. */
async function openThreaded(): Promise<Database> {
  const template = inject("testDatabase");
  if (template.kind === "pglite")
    return openPGlite({ thread: true, loadDataDir: new Blob([new Uint8Array(await readFile(template.dumpFile))]) });
  const opened = await openPGlite({ thread: true });
  await migrateToLatest(opened.db);
  await installJobQueue(opened, appJobs);
  return opened;
}

beforeAll(async () => {
  database = await openThreaded();
  await sql`create table thread_probe (id int primary key)`.execute(database.db);
}, 300_000);
afterAll(() => database?.close());

describe("the embedded database on its own thread", () => {
  it("leaves the server's thread free: a request is answered while a query runs", async () => {
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      let querySettled = false;
      const slow = sql`select pg_sleep(3)`.execute(database.db).finally(() => (querySettled = true));
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await answer.text()).toBe("ok");
      // On the server's own thread the query would hold it: the answer could only come after.
      expect(querySettled).toBe(false);
      await slow;
    } finally {
      server.close();
    }
  });

  it("holds the database for a transaction: a query from outside waits until it rolls back", async () => {
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let outsideDone = false;
    let outside: Promise<number> | undefined;
    let insideAfterOutside: number | undefined;
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`insert into thread_probe values (1)`.execute(trx);
      outside = sql<{ n: number }>`select count(*)::int as n from thread_probe`
        .execute(database.db)
        .then((result) => ((outsideDone = true), result.rows[0]!.n));
      // The thread takes messages in order: this answer comes after the outside query reached it.
      insideAfterOutside = (await sql<{ n: number }>`select count(*)::int as n from thread_probe`.execute(trx)).rows[0]!.n;
      await held;
      throw new Error("roll back");
    });
    // The transaction is past its second query once the outside one has been sent.
    while (insideAfterOutside === undefined) await new Promise((resolve) => setImmediate(resolve));
    expect(insideAfterOutside).toBe(1);
    expect(outsideDone).toBe(false);
    letGo();
    await expect(transaction).rejects.toThrow("roll back");
    // Had it run inside the open transaction (one session), it would have counted the row.
    expect(await outside).toBe(0);
  });

  it("commits a transaction's writes and keeps an SQL error's SQLSTATE (not a lost database)", async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into thread_probe values (2)`.execute(trx);
      await sql`insert into thread_probe values (3)`.execute(trx);
    });
    const rows = await sql<{ id: number }>`select id from thread_probe order by id`.execute(database.db);
    expect(rows.rows.map((row) => row.id)).toEqual([2, 3]);

    const duplicate = await sql`insert into thread_probe values (2)`.execute(database.db).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: "23505" });
    expect(isConnectionError(duplicate)).toBe(false);
    // The failed statement left nothing behind: the next one runs.
    expect((await sql<{ n: number }>`select count(*)::int as n from thread_probe`.execute(database.db)).rows[0]!.n).toBe(2);
  });

  it("carries dates, bigints, bytes and JSON across", async () => {
    const { rows } = await sql<{ at: Date; big: string; bytes: Uint8Array; doc: unknown }>`
      select timestamptz '2026-11-27 10:00:00+00' as at, 9007199254740993::numeric::text as big, '\\x0102ff'::bytea as bytes, '{"a":[1,"b"]}'::jsonb as doc`.execute(
      database.db,
    );
    expect(rows[0]!.at).toEqual(new Date("2026-11-27T10:00:00Z"));
    expect(rows[0]!.big).toBe("9007199254740993");
    expect([...rows[0]!.bytes]).toEqual([1, 2, 255]);
    expect(rows[0]!.doc).toEqual({ a: [1, "b"] });
  });

  it("runs the job queue (pg-boss) through the thread, and delivers LISTEN/NOTIFY", async () => {
    const boss = await openJobQueue(database, false);
    try {
      const id = await boss.send("data-export-cleanup", { at: "2026-11-27T10:00:00Z" });
      const [job] = await boss.fetch("data-export-cleanup");
      expect(job).toMatchObject({ id, data: { at: "2026-11-27T10:00:00Z" } });
    } finally {
      await boss.stop({ graceful: false });
    }

    const heard: string[] = [];
    const unlisten = await database.pglite!.listen("thread_probe_channel", (payload) => heard.push(payload));
    await database.pglite!.query("select pg_notify('thread_probe_channel', 'hello')");
    while (heard.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(["hello"]);
    await unlisten();
  });

  it("fails the calls in flight as an unavailable database (503) when the thread dies, never a hang", async () => {
    const doomed = await openPGlite({ thread: true });
    const inFlight = sql`select pg_sleep(2)`.execute(doomed.db);
    // The thread itself, as a crash would end it.
    await (Reflect.get(doomed.pglite!, "worker") as { terminate(): Promise<number> }).terminate();
    await expect(inFlight).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(sql`select 1`.execute(doomed.db)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await doomed.close();
  }, 120_000);

  it("lets the calls already made finish when it closes, and refuses later ones as a closed database", async () => {
    const closing = await openPGlite({ thread: true });
    // Straight to the thread (Kysely's path waits a turn of the event loop first: close would overtake it).
    const inFlight = closing.pglite!.query<{ answer: number }>("select 41 + 1 as answer from pg_sleep(1)");
    const closed = closing.close();
    expect((await inFlight).rows).toEqual([{ answer: 42 }]);
    await closed;
    // PGlite's own words for it, which db/resilience.ts answers with a 503.
    await expect(closing.pglite!.query("select 1")).rejects.toThrow("PGlite is closed");
  }, 120_000);

  it("keeps no process alive once idle: a script that forgets close() still ends", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "portal-pglite-thread-"));
    try {
      const script = path.join(dir, "forgets-close.mjs");
      writeFileSync(
        script,
        `import { openPGlite } from ${JSON.stringify(pathToFileURL(path.join(root, "db/connection.ts")).href)};
        const database = await openPGlite({ thread: true });
        console.log(JSON.stringify((await database.pglite.query("select 41 + 1 as answer")).rows));`,
      );
      const run = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8", timeout: 120_000 });
      expect(run.stderr).toBe("");
      expect(run.stdout.trim()).toBe('[{"answer":42}]');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
