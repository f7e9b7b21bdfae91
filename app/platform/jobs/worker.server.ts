import type { JobResult, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { Database } from "#db/connection.ts";
import { getDatabase } from "#app/platform/db/db.server.ts";
import { sql } from "kysely";
import { ensureQueues, JOB_SCHEMA, jobQueue, stopJobQueue, type AnyJob } from "./queue.server.ts";
import { childLogger } from "#app/platform/logger/logger.server.ts";
import { jobFailures, provideJobQueueStats } from "#app/platform/metrics/metrics.server.ts";

// The worker that runs the jobs it is given (the app's list: app/jobs.server.ts) in a server
// process. It knows no domain: each job brings its payload schema and handler.

/** A payload its schema refuses: the job fails (and is logged); the worker goes on. */
class BadJobPayload extends Error {}

/** Checks the payload against the job's schema, then runs its handler. */
async function runJob(job: AnyJob, data: unknown): Promise<unknown> {
  const schema: z.ZodType = job.schema;
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new BadJobPayload(
      `job ${job.name}: payload refused: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "(payload)"}: ${issue.message}`).join("; ")}`,
    );
  return job.handler(parsed.data);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function assertUniqueNames(jobs: readonly AnyJob[]): void {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`two jobs are named ${job.name}`);
    names.add(job.name);
  }
}

export type JobWorker = {
  stop(): Promise<void>;
  /** Resolves once no job is due or running (jobs waiting for a later time aside), or after `timeoutMs`. */
  settled(timeoutMs: number): Promise<void>;
};

/**
 * Runs `jobs` in this process until stop(): server/main.ts calls it once per process (each
 * cluster worker too; a job is claimed by one of them) through the app entry, which passes the
 * app's list. Polls every `pollSeconds` besides the NOTIFY that wakes it for a new job.
 */
export async function startJobWorker(
  jobs: readonly AnyJob[],
  options: { database?: Database; boss?: PgBoss; pollSeconds?: number } = {},
): Promise<JobWorker> {
  assertUniqueNames(jobs);
  const database = options.database ?? getDatabase();
  const boss = options.boss ?? (await jobQueue(database));
  const poll = options.pollSeconds ?? 2;
  await ensureQueues(boss, jobs);
  // Each metrics scrape asks the queue for its counts (app/platform/metrics).
  provideJobQueueStats(() => queueCounts(boss, jobs));
  for (const job of jobs) {
    // A few jobs per fetch, each settled on its own; while fetches come back full the worker
    // fetches again at once, otherwise it waits for a NOTIFY or the next poll.
    const work = {
      batchSize: 5,
      perJobResults: true,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: poll,
      notifyPollingIntervalSeconds: 5 * poll,
    } as const;
    await boss.work<unknown>(job.name, work, async (batch) => {
      const results: JobResult[] = [];
      for (const item of batch) {
        try {
          await runJob(job, item.data);
          results.push({ id: item.id, status: "completed" });
        } catch (error) {
          childLogger({ job: job.name, jobId: item.id }).error({ attempt: item.retryCount + 1, err: error }, `job ${job.name} failed`);
          jobFailures().inc({ job: job.name });
          results.push({ id: item.id, status: "failed", output: { message: messageOf(error) } });
        }
      }
      return results;
    });
  }
  const scheduled = jobs.filter((job) => job.schedule);
  for (const job of scheduled) await boss.schedule(job.name, job.schedule!.cron, {});
  // The minute scans also run once at start, not only at the first minute the clock notices
  // (their queues take one job at a time, so several processes starting at once add nothing).
  for (const job of scheduled) if (job.schedule!.atStart) await boss.send(job.name, {});
  return {
    stop: () => (options.boss ? options.boss.stop({ graceful: true, timeout: 30_000 }) : stopJobQueue(database)),
    settled: (timeoutMs) => settled(database, jobs, timeoutMs),
  };
}

/**
 * Polls the job table until two readings in a row find nothing due or running (a finished job
 * may have queued another). The table itself: pg-boss's queue stats reuse a reading up to a minute old.
 */
async function settled(database: Database, jobs: readonly AnyJob[], timeoutMs: number): Promise<void> {
  const names = jobs.map((job) => job.name);
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    // A reading that fails (the database restarting) counts as busy: waiting is all this is for.
    const busy = await sql<{ busy: boolean }>`select exists (
        select 1 from ${sql.table(`${JOB_SCHEMA}.job`)} where name in (${sql.join(names)})
          and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))
      ) as busy`
      .execute(database.db)
      .then(
        ({ rows }) => rows[0]?.busy ?? false,
        () => true,
      );
    quiet = busy ? 0 : quiet + 1;
    if (quiet < 2) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each job's queue counts, fresh from the job table (pg-boss reuses a reading under a minute old). */
async function queueCounts(boss: PgBoss, jobs: readonly AnyJob[]) {
  const stats = await Promise.all(jobs.map(async (job) => (await boss.getQueueStats(job.name, { force: true })).at(-1)));
  return stats
    .filter((queue) => queue !== undefined)
    .map((queue) => ({ name: queue.name, queued: queue.queuedCount, active: queue.activeCount, failed: queue.failedCount }));
}

/**
 * Runs the jobs of `jobs` that are due now in this process, one kind after another, until none
 * is left (a job may queue others). For tests and scripts; `ignoreStartAfter` also runs jobs
 * waiting for a retry. Returns how many completed and how many failed.
 */
export async function runQueuedJobsOf(
  jobs: readonly AnyJob[],
  options: { ignoreStartAfter?: boolean; database?: Database } = {},
): Promise<{ completed: number; failed: number }> {
  const boss = await jobQueue(options.database ?? getDatabase());
  await ensureQueues(boss, jobs);
  const totals = { completed: 0, failed: 0 };
  // Bounded: with ignoreStartAfter a job that keeps failing comes back until its retries run out.
  for (let pass = 0; pass < 50; pass++) {
    let ran = 0;
    for (const job of jobs) {
      const batch = await boss.fetch<unknown>(job.name, { batchSize: 20, ignoreStartAfter: options.ignoreStartAfter === true });
      for (const item of batch) {
        ran++;
        try {
          await runJob(job, item.data);
          await boss.complete(job.name, item.id);
          totals.completed++;
        } catch (error) {
          childLogger({ job: job.name, jobId: item.id }).error({ err: error }, `job ${job.name} failed`);
          jobFailures().inc({ job: job.name });
          await boss.fail(job.name, item.id, { message: messageOf(error) });
          totals.failed++;
        }
      }
    }
    if (ran === 0) break;
  }
  return totals;
}
