import { PgBoss, fromPglite, type Queue, type SendOptions } from "pg-boss";
import { z } from "zod";
import type { Database } from "#db/connection.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { getDatabase } from "#app/platform/db/db.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// The one job queue (pg-boss, in the portal's own database): mail and scheduled work. A
// request only enqueues; a worker in every server process takes jobs with SKIP LOCKED, so
// each job runs in one process, and a failed one comes back later with exponential backoff.
// On PostgreSQL pg-boss keeps a small pool of its own (it LISTENs for new jobs); on the
// embedded database it shares the one PGlite instance. docs/adr/0010-job-queue.md.
//
// This module is a generic runner: it knows no domain. Each domain declares its jobs with
// defineJob beside its code (app/modules/<domain>/jobs.server.ts); the app's list of them
// (app/jobs.server.ts) is handed to the worker when the server starts.

/** The schema pg-boss installs its tables in. */
export const JOB_SCHEMA = "pgboss";

export type QueueOptions = Omit<Queue, "name">;

/** A kind of job: its queue's name and policy, the payload's schema (checked when it runs), what it does, and maybe when it recurs. */
export type JobDefinition<Schema extends z.ZodType = z.ZodType> = {
  name: string;
  schema: Schema;
  queue: QueueOptions;
  /** Recurring (cron, UTC): pg-boss sends each occurrence once, whichever process notices it; `atStart` also runs it when a worker starts. */
  schedule?: { cron: string; atStart?: boolean };
  handler: (payload: z.output<Schema>) => Promise<unknown>;
};

/** Any job definition, whatever its payload (the worker checks the payload before the handler sees it). */
// oxlint-disable-next-line typescript/no-explicit-any -- a list of jobs holds many payload types
export type AnyJob = JobDefinition<any>;

export function defineJob<Schema extends z.ZodType>(job: JobDefinition<Schema>): JobDefinition<Schema> {
  return job;
}

/** A mail is retried for a few hours before it is given up (JOB_RETRY_SECONDS doubling, capped at an hour). */
export const MAIL_QUEUE: QueueOptions = {
  retryLimit: 10,
  retryBackoff: true,
  retryDelayMax: 3_600,
  expireInSeconds: 300,
  deleteAfterSeconds: 7 * 24 * 3_600,
  notify: true,
};
/** A scan: one at a time across all processes; a failed one is not retried (the next occurrence takes over). */
export const SCAN_QUEUE: QueueOptions = { policy: "exclusive", retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 24 * 3_600 };

/** A scan's payload: `at`, the time it scans as (tests move it); now when left out. */
const SCAN_PAYLOAD = z.object({ at: z.iso.datetime().optional() });

/** A recurring scan (on SCAN_QUEUE unless `queue` says): `scan` runs as of the payload's `at`, or now. */
export function defineScanJob({
  name,
  schedule,
  scan,
  queue = SCAN_QUEUE,
}: {
  name: string;
  schedule: NonNullable<JobDefinition["schedule"]>;
  scan: (now: Date) => Promise<unknown>;
  queue?: QueueOptions;
}) {
  return defineJob({
    name,
    schema: SCAN_PAYLOAD,
    queue,
    schedule,
    handler: (payload) => scan(payload.at ? new Date(payload.at) : new Date()),
  });
}

type Connection = Pick<Database, "url" | "pglite">;

function createBoss(database: Connection, background = true): PgBoss {
  const common = { schema: JOB_SCHEMA, useListenNotify: background, supervise: background, schedule: background } as const;
  if (database.pglite) return new PgBoss({ ...common, backend: "pglite", db: fromPglite(database.pglite) });
  if (database.url)
    return new PgBoss({ ...common, backend: "postgres", connectionString: database.url, max: 3, application_name: "portal-jobs" });
  throw new Error("The job queue needs a database opened by db/connection.ts (PostgreSQL URL or PGlite instance)");
}

/** The queues each started pg-boss is known to have. */
const knownQueues = new WeakMap<PgBoss, Set<string>>();

/** Creates the queues of `jobs` that `boss` lacks (an existing queue keeps its settings). */
export async function ensureQueues(boss: PgBoss, jobs: readonly AnyJob[]): Promise<void> {
  let known = knownQueues.get(boss);
  if (!known) {
    known = new Set((await boss.getQueues()).map((queue) => queue.name));
    knownQueues.set(boss, known);
  }
  for (const job of jobs) {
    if (known.has(job.name)) continue;
    await boss.createQueue(job.name, job.queue).catch(async (error: unknown) => {
      // Another process created it meanwhile.
      if (!(await boss.getQueue(job.name))) throw error;
    });
    known.add(job.name);
  }
}

/** Starts pg-boss on `database` (installing or upgrading its schema) and creates the queues of `jobs` it lacks. */
export async function openJobQueue(database: Connection, background = true, jobs: readonly AnyJob[] = []): Promise<PgBoss> {
  const boss = createBoss(database, background);
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  await ensureQueues(boss, jobs);
  return boss;
}

/** Installs the queue's schema (and the queues of `jobs`), then lets go (the test template is migrated once, with it). */
export async function installJobQueue(database: Connection, jobs: readonly AnyJob[] = []): Promise<void> {
  await (await openJobQueue(database, false, jobs)).stop({ graceful: false });
}

// One queue per opened database in this process (the server reaches this module only through
// the app build, so there is one copy of it).
const queues = new Map<Database, Promise<PgBoss>>();

/** This process's queue on `database` (the registered one by default), started on first use. */
export function jobQueue(database: Database = getDatabase()): Promise<PgBoss> {
  let boss = queues.get(database);
  if (!boss) {
    boss = openJobQueue(database);
    queues.set(database, boss);
    boss.catch(() => queues.delete(database));
  }
  return boss;
}

/** Stops this process's queue on `database`: workers finish the job in hand (up to 30 s). */
export async function stopJobQueue(database: Database = getDatabase()): Promise<void> {
  const boss = queues.get(database);
  if (!boss) return;
  queues.delete(database);
  await (await boss.catch(() => undefined))?.stop({ graceful: true, timeout: 30_000 });
}

/** Queues a job; a worker runs it. Returns its id, or null when the queue's policy refused a duplicate. */
export async function enqueue<Schema extends z.ZodType>(
  job: JobDefinition<Schema>,
  payload: z.input<Schema>,
  options: SendOptions = {},
): Promise<string | null> {
  const boss = await jobQueue();
  await ensureQueues(boss, [job]);
  const retry = job.queue.retryBackoff ? { retryDelay: getConfig().jobRetrySeconds } : {};
  return boss.send(job.name, payload as object, { ...retry, ...options });
}
