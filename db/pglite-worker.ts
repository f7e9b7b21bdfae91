// The embedded database's own thread (started by db/pglite-thread.ts). PGlite runs each query
// synchronously, so on the server's thread a crowd of uncached pages kept the event loop busy
// for seconds: no request read, no timer fired, /healthz unanswered. Here it runs beside it.
// Messages in: query, exec, begin/commit/rollback of a transaction, listen/unlisten, close.
// PGlite's own mutex serializes them: a query outside a transaction waits for the open one.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import type { Reply, Request, WorkerOptions } from "./pglite-thread.ts";

const port = parentPort!;
const options = workerData as WorkerOptions;

type OpenTransaction = { tx: Transaction; decide: (commit: boolean) => void; done: Promise<unknown> };
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<number, () => Promise<void>>();

/** What crosses the thread: plain fields only (PGlite's DatabaseError keeps its SQLSTATE in `code`). */
function serializeError(error: unknown): Extract<Reply, { ok: false }>["error"] {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  }
  return {
    name: error instanceof WebAssembly.RuntimeError ? "RuntimeError" : error.name,
    message: error.message,
    stack: error.stack,
    fields,
  };
}

const plain = (result: Results) => ({ rows: result.rows, affectedRows: result.affectedRows, fields: result.fields });

async function handle(pglite: PGlite, request: Request): Promise<unknown> {
  const target = (tx: number | undefined) => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error(`No open transaction ${tx}`);
    return open.tx;
  };
  switch (request.op) {
    case "query":
      return plain(await target(request.tx).query(request.sql, request.params, { rowMode: request.rowMode }));
    case "exec":
      return (await target(request.tx).exec(request.sql)).map(plain);
    case "begin": {
      // Held open until commit or rollback arrives; PGlite rolls back when the callback throws.
      let began!: () => void;
      const begun = new Promise<void>((resolve) => (began = resolve));
      let decide!: (commit: boolean) => void;
      const decision = new Promise<boolean>((resolve) => (decide = resolve));
      const done = pglite.transaction(async (tx) => {
        transactions.set(request.id, { tx, decide, done });
        began();
        if (!(await decision)) throw new RollbackRequested();
      });
      // A transaction that fails to begin rejects `done` before the callback runs.
      await Promise.race([begun, done]);
      return request.id;
    }
    case "commit":
    case "rollback": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`No open transaction ${request.tx}`);
      open.decide(request.op === "commit");
      try {
        await open.done;
      } catch (error) {
        if (!(error instanceof RollbackRequested)) throw error;
      } finally {
        transactions.delete(request.tx);
      }
      return null;
    }
    case "listen":
      unlisteners.set(request.id, await pglite.listen(request.channel, (payload) => port.postMessage({ notify: request.id, payload })));
      return request.id;
    case "unlisten":
      await unlisteners.get(request.listener)?.();
      unlisteners.delete(request.listener);
      return null;
    case "close":
      throw new Error("close is handled by closeWhenSettled");
  }
}

/** How long a close waits for the calls already made (a transaction never ended, say). */
const CLOSE_WAIT_MS = 5_000;
const inFlight = new Set<Promise<unknown>>();

/** The calls that reached the thread before close get their answers; open transactions may end. */
async function closeWhenSettled(pglite: PGlite): Promise<null> {
  const settled = Promise.allSettled([...inFlight, ...[...transactions.values()].map((open) => open.done)]);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
  clearTimeout(timer);
  await pglite.close();
  return null;
}

class RollbackRequested extends Error {}

let pglite: PGlite;
try {
  pglite = await PGlite.create({
    dataDir: options.dir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    extensions: { pg_trgm, unaccent, cube, earthdistance },
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: serializeError(error) });
  process.exit(1);
}

let closing: Promise<null> | undefined;
port.on("message", (request: Request) => {
  // Once closing, only the transactions still open may go on (to their commit or rollback).
  const partOfTransaction = "tx" in request && request.tx !== undefined;
  const work =
    request.op === "close"
      ? (closing ??= closeWhenSettled(pglite))
      : closing && !partOfTransaction
        ? Promise.reject(new Error("PGlite is closed"))
        : handle(pglite, request);
  if (request.op !== "close") {
    inFlight.add(work);
    void work.catch(() => {}).finally(() => inFlight.delete(work));
  }
  work.then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies Reply),
  );
});
