import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { ThreadedPGlite } from "./pglite-thread.ts";
import { resilientDialect } from "./resilience.ts";
import type { DB } from "./schema.ts";

export { DatabaseUnavailableError, isConnectionError } from "./resilience.ts";

export type Database = {
  db: Kysely<DB>;
  kind: "postgres" | "pglite";
  /** PostgreSQL only: the job queue opens its own small pool (and a LISTEN connection) with it. */
  url?: string;
  /** PostgreSQL only: the pool's counts (open, idle, waiting), for the metrics. */
  pool?: Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">;
  /** The embedded instance (PGlite only), in process or on its thread: the job queue runs its multi-statement SQL on it. */
  pglite?: EmbeddedSql;
  close(): Promise<void>;
};

/** What the job queue uses of PGlite, which ThreadedPGlite offers too. */
type EmbeddedSql = Pick<ThreadedPGlite, "query" | "exec" | "listen">;

export class DatabaseBusyError extends Error {}

// pg returns int8 (count(*), bigserial) as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * A pg client that can never crash the process: a client dropped by the server (restart,
 * failover, terminated backend) emits 'error', and with no listener Node throws. The pool's
 * own listeners cover idle clients and connected ones only, so each client gets one at birth
 * (a checked-out client's failed query is rejected anyway; the pool discards it on release).
 */
class ListeningClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", (error) => console.warn(`PostgreSQL client error: ${error.message}`));
  }
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: ListeningClient });
  pool.on("error", (error) => console.warn(`PostgreSQL idle client error: ${error.message}`));
  const dialect = resilientDialect(new PostgresDialect({ pool }), { kind: "postgres", log: (line) => console.warn(line) });
  const db = new Kysely<DB>({ dialect });
  return { db, kind: "postgres", url, pool, close: () => db.destroy() };
}

export const pgliteExtensions = { pg_trgm, unaccent, cube, earthdistance };

/**
 * An embedded database; `dir` undefined means in memory, `loadDataDir` clones a dumped template.
 * `thread`: PGlite runs on a worker thread of its own (db/pglite-thread.ts), as the server opens
 * it, so its queries never hold the thread that reads requests; scripts and tests keep it here.
 */
export async function openPGlite(options: { dir?: string; loadDataDir?: Blob; thread?: boolean } = {}): Promise<Database> {
  const release = options.dir ? acquireLock(options.dir) : () => {};
  try {
    const pglite = options.thread
      ? await ThreadedPGlite.start({
          dir: options.dir,
          loadDataDir: options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined,
        })
      : await PGlite.create({ dataDir: options.dir, loadDataDir: options.loadDataDir, extensions: pgliteExtensions });
    const db = new Kysely<DB>({ dialect: resilientDialect(new PGliteDialect({ pglite }), { kind: "pglite" }) });
    return {
      db,
      kind: "pglite",
      pglite,
      close: async () => {
        try {
          await db.destroy();
          // destroy() closes only an instance Kysely has used: one opened and never queried too.
          if (!pglite.closed) await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite keeps a single-process store: a second process opening it would corrupt it.
 * A lock file with our PID refuses a second opener with a clear message.
 */
function acquireLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8").trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseBusyError(
          `The embedded database in ${dir} is in use by process ${owner} (is the portal running?). ` +
            "Stop that process first, or use PostgreSQL through DATABASE_URL.",
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseBusyError(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** `thread`: an embedded database runs on its own thread (the server's choice, see openPGlite). */
export function openDatabase(
  config: { databaseUrl?: string; paths: { db: string } },
  options: { thread?: boolean } = {},
): Promise<Database> {
  if (config.databaseUrl) return Promise.resolve(openPostgres(config.databaseUrl));
  return openPGlite({ dir: config.paths.db, thread: options.thread });
}

export function embeddedDatabaseExists(dir: string): boolean {
  return existsSync(path.join(dir, "PG_VERSION"));
}
