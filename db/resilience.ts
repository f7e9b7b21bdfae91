// A database that went away (restart, failover, terminated backend, closed embedded store)
// must cost at most one request, never the process: the dialect wrapper below retries a read
// once on a fresh connection and turns every other connection failure into
// DatabaseUnavailableError, which the app answers with a 503 page and Retry-After.
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from "kysely";

export const RETRY_AFTER_SECONDS = 5;

/**
 * React Router treats a thrown object shaped like `data(value, init)` as an HTTP error
 * response, so this error makes any loader, action or middleware that reaches a dead database
 * answer 503 with Retry-After through the shell's error boundary, without each route catching it.
 * It stays an Error with a cause for scripts and logs.
 */
export class DatabaseUnavailableError extends Error {
  readonly type = "DataWithResponseInit";
  readonly data = "database unavailable";
  readonly init = {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  };
  constructor(cause: unknown) {
    super(`Database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

// SQLSTATE classes and codes that mean "the connection or the server is gone", not "the query
// is wrong": 08 connection exception, 57P01-57P05 admin/crash shutdown, 53300 too many clients.
const CONNECTION_CODES = /^(08...|57P0[1-5]|53300)$/;
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const CONNECTION_MESSAGES = /connection terminated|not queryable|connection (?:is )?closed|timeout exceeded when trying to connect/i;

export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.test(code) || SOCKET_CODES.has(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isConnectionError)) return true;
  return CONNECTION_MESSAGES.test(error.message);
}

/** Reads are safe to run twice: a select statement (no CTE, which may write), outside any transaction. */
function isRead(query: CompiledQuery): boolean {
  if (query.query.kind === "SelectQueryNode") return !query.query.with;
  return (
    query.query.kind === "RawNode" &&
    /^\s*select\b/i.test(query.sql) &&
    !/\bfor\s+(update|share|no key update|key share)\b/i.test(query.sql)
  );
}

type Options = {
  /** "postgres": retry reads once on a fresh connection. "pglite": no second connection exists;
   * any failure that is not an SQL error (SQLSTATE code) means the embedded store is broken. */
  kind: "postgres" | "pglite";
  log?: (line: string) => void;
};

function unavailable(error: unknown): DatabaseUnavailableError {
  return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
}

function isFault(error: unknown, options: Options): boolean {
  if (isConnectionError(error)) return true;
  // PGlite answers SQL errors with a DatabaseError carrying a SQLSTATE; a WebAssembly abort
  // or a closed instance is the store itself failing.
  return (
    options.kind === "pglite" && (error instanceof WebAssembly.RuntimeError || /^PGlite is closed$/.test((error as Error)?.message ?? ""))
  );
}

class ResilientConnection implements DatabaseConnection {
  inTransaction = false;
  /** The pool's connection; swapped for a fresh one when a read is retried, null once released. */
  inner: DatabaseConnection | null;
  private readonly driver: ResilientDriver;
  constructor(inner: DatabaseConnection, driver: ResilientDriver) {
    this.inner = inner;
    this.driver = driver;
  }

  get live(): DatabaseConnection {
    if (!this.inner) throw new DatabaseUnavailableError(new Error("connection closed after a failed retry"));
    return this.inner;
  }

  async executeQuery<R>(query: CompiledQuery, options?: Parameters<DatabaseConnection["executeQuery"]>[1]): Promise<QueryResult<R>> {
    // PGlite runs each query synchronously on this thread and settles it as a microtask, so a
    // page's queries, and the next page's, would chain without the event loop ever turning: no
    // new request read, no timer fired (the load-shedding line neither filled nor timed out),
    // /healthz unanswered for seconds. One turn of the loop per query lets all of that in.
    if (this.driver.options.kind === "pglite") await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      return await this.live.executeQuery<R>(query, options);
    } catch (error) {
      if (!isFault(error, this.driver.options)) throw error;
      if (this.driver.options.kind === "postgres" && !this.inTransaction && isRead(query)) {
        this.driver.options.log?.(`database connection lost (${(error as Error).message}); retrying a read once`);
        await this.driver.replaceInner(this);
        return this.driver.guard(() => this.live.executeQuery<R>(query, options));
      }
      throw unavailable(error);
    }
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection["streamQuery"]>[2],
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.live.streamQuery<R>(query, chunkSize, options);
  }
}

class ResilientDriver implements Driver {
  private readonly inner: Driver;
  readonly options: Options;
  constructor(inner: Driver, options: Options) {
    this.inner = inner;
    this.options = options;
  }

  async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw isFault(error, this.options) ? unavailable(error) : error;
    }
  }

  init(options?: Parameters<Driver["init"]>[0]) {
    return this.guard(() => this.inner.init(options));
  }

  async acquireConnection(options?: Parameters<Driver["acquireConnection"]>[0]): Promise<DatabaseConnection> {
    try {
      return new ResilientConnection(await this.inner.acquireConnection(options), this);
    } catch (error) {
      if (!isFault(error, this.options)) throw error;
      if (this.options.kind !== "postgres") throw unavailable(error);
      // Taking a connection writes nothing: one more try gets a new socket once the server is back.
      return this.guard(async () => new ResilientConnection(await this.inner.acquireConnection(options), this));
    }
  }

  /**
   * Gives the broken connection back to the pool (which drops it) before taking a new one, so a
   * retry never holds two: with every pooled connection broken at once, holding the old one
   * while waiting for a new one would deadlock the pool.
   */
  async replaceInner(connection: ResilientConnection): Promise<void> {
    const broken = connection.inner;
    connection.inner = null;
    if (broken) await Promise.resolve(this.inner.releaseConnection(broken)).catch(() => {});
    connection.inner = await this.guard(() => this.inner.acquireConnection());
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const resilient = connection as ResilientConnection;
    resilient.inTransaction = true;
    return this.guard(() => this.inner.beginTransaction(resilient.live, settings));
  }

  commitTransaction(connection: DatabaseConnection) {
    const resilient = connection as ResilientConnection;
    resilient.inTransaction = false;
    return this.guard(() => this.inner.commitTransaction(resilient.live));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    const resilient = connection as ResilientConnection;
    resilient.inTransaction = false;
    return this.guard(() => this.inner.rollbackTransaction(resilient.live));
  }

  savepoint(connection: DatabaseConnection, ...rest: [string, Parameters<NonNullable<Driver["savepoint"]>>[2]]) {
    return this.guard(() => this.inner.savepoint!((connection as ResilientConnection).live, ...rest));
  }

  rollbackToSavepoint(connection: DatabaseConnection, ...rest: [string, Parameters<NonNullable<Driver["savepoint"]>>[2]]) {
    return this.guard(() => this.inner.rollbackToSavepoint!((connection as ResilientConnection).live, ...rest));
  }

  releaseSavepoint(connection: DatabaseConnection, ...rest: [string, Parameters<NonNullable<Driver["savepoint"]>>[2]]) {
    return this.guard(() => this.inner.releaseSavepoint!((connection as ResilientConnection).live, ...rest));
  }

  async releaseConnection(connection: DatabaseConnection, options?: Parameters<Driver["releaseConnection"]>[1]) {
    const { inner } = connection as ResilientConnection;
    // null: a retry gave the broken connection back and could not get a new one.
    if (inner) await this.inner.releaseConnection(inner, options);
  }

  destroy(options?: Parameters<Driver["destroy"]>[0]) {
    return this.inner.destroy(options);
  }
}

/** The same dialect, with the driver wrapped as described at the top of this file. */
export function resilientDialect(dialect: Dialect, options: Options): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new ResilientDriver(dialect.createDriver(), options),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
