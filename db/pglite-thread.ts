// The embedded database on a thread of its own (db/pglite-worker.ts), seen from the server's
// thread as the part of PGlite that Kysely's PGliteDialect and pg-boss's fromPglite use:
// query, exec, transaction, listen, close. Each call is one message and one answer; rows cross
// as structured clones (dates, bigints, byte arrays and JSON values keep their types).
import { Worker } from "node:worker_threads";

export type WorkerOptions = { dir?: string; loadDataDir?: Uint8Array<ArrayBuffer> };

type Operation =
  | { op: "query"; sql: string; params?: unknown[]; rowMode?: "array" | "object"; tx?: number }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "commit" | "rollback"; tx: number }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; listener: number }
  | { op: "close" };
export type Request = { id: number } & Operation;

type SerializedError = { name: string; message: string; stack?: string; fields: Record<string, string | number | boolean> };
export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SerializedError });
type Notification = { notify: number; payload: string };
type Started = { ready: true } | { ready: false; error: SerializedError };

type QueryResult<T> = { rows: T[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] };
type QueryOptions = { rowMode?: "array" | "object" };
type Executor = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  exec(sql: string): Promise<QueryResult<Record<string, unknown>>[]>;
};
type ThreadTransaction = Executor & { rollback(): Promise<void> };

/** The thread stopped (crash, or closed): what resilience.ts reads as "the database is gone". */
const TERMINATED = "Connection terminated: the embedded database's thread stopped";

function revive(error: SerializedError): Error {
  // A WebAssembly abort stays one, so resilience.ts still tells a broken store from an SQL error.
  const revived = error.name === "RuntimeError" ? new WebAssembly.RuntimeError(error.message) : new Error(error.message);
  Object.assign(revived, error.fields);
  if (error.name !== "RuntimeError") revived.name = error.name;
  if (error.stack) revived.stack = error.stack;
  return revived;
}

export class ThreadedPGlite implements Executor {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private stopped = false;
  readonly ready = true;
  readonly waitReady = Promise.resolve();

  private constructor(worker: Worker) {
    this.worker = worker;
    // An idle thread keeps no process alive (a script that forgets close() still ends); a call in
    // flight does, so its answer is never lost to an exiting process.
    worker.unref();
    worker.on("message", (message: Reply | Notification) => {
      if ("notify" in message) return this.listeners.get(message.notify)?.(message.payload);
      const call = this.pending.get(message.id);
      if (!call) return;
      this.settled(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(revive(message.error));
    });
    worker.on("error", (error) => console.error("embedded database thread:", error));
    worker.on("exit", () => this.stop());
  }

  /** Starts the thread and waits until the database in it is open (initdb on a first start). */
  static async start(options: WorkerOptions): Promise<ThreadedPGlite> {
    const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), { workerData: options });
    let onMessage!: (started: Started) => void;
    let onError!: (error: Error) => void;
    let onExit!: (code: number) => void;
    const started = await new Promise<Started>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) => reject(new Error(`${TERMINATED} while opening (exit code ${code})`));
      worker.once("message", onMessage).once("error", onError).once("exit", onExit);
    }).finally(() => {
      // Only ours: Worker keeps listeners of its own on these events.
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
    });
    if (!started.ready) {
      await worker.terminate();
      throw revive(started.error);
    }
    return new ThreadedPGlite(worker);
  }

  get closed(): boolean {
    return this.stopped;
  }

  private call<T>(request: Operation & { id?: number }): Promise<T> {
    if (this.stopped) return Promise.reject(new Error("PGlite is closed"));
    const id = request.id ?? this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.worker.postMessage({ ...request, id });
      } catch (error) {
        // A value that cannot cross threads (a function, say) fails this call alone.
        this.settled(id);
        reject(error as Error);
      }
    });
  }

  private settled(id: number) {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  /** Every call in flight fails as a lost connection; later ones as a closed database. */
  private stop() {
    if (this.stopped) return;
    this.stopped = true;
    for (const call of this.pending.values()) call.reject(new Error(TERMINATED));
    this.pending.clear();
    this.listeners.clear();
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>> {
    return this.call({ op: "query", sql, params, rowMode: options?.rowMode });
  }

  exec(sql: string): Promise<QueryResult<Record<string, unknown>>[]> {
    return this.call({ op: "exec", sql });
  }

  /**
   * A transaction holds the thread's database (PGlite's own lock) from begin to commit or
   * rollback: every other call waits behind it there, as on PGlite itself.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: "begin", id: this.nextId++ });
    let finished = false;
    const finish = async (op: "commit" | "rollback") => {
      if (finished) return;
      finished = true;
      await this.call({ op, tx });
    };
    const handle: ThreadTransaction = {
      query: (sql, params, options) => this.call({ op: "query", sql, params, rowMode: options?.rowMode, tx }),
      exec: (sql) => this.call({ op: "exec", sql, tx }),
      rollback: () => finish("rollback"),
    };
    let value: T;
    try {
      value = await callback(handle);
    } catch (error) {
      await finish("rollback").catch(() => {});
      throw error;
    }
    await finish("commit");
    return value;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextId++;
    this.listeners.set(listener, callback);
    await this.call({ op: "listen", channel, id: listener });
    return async () => {
      this.listeners.delete(listener);
      if (!this.stopped) await this.call({ op: "unlisten", listener });
    };
  }

  /** Closes the database (PGlite flushes its files) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.stop();
      await this.worker.terminate();
    }
  }
}
