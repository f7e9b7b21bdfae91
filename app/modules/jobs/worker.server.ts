import type { JobResult, PgBoss } from "pg-boss";
import type { Database } from "#db/connection.ts";
import { sendExpiryReminders } from "#app/modules/adverts/expiry-reminders.server.ts";
import { sendAccountMail } from "#app/modules/auth/account-mail.server.ts";
import { sendSecurityMail } from "#app/modules/auth/security-mail.server.ts";
import { sendSignInLinkMail } from "#app/modules/auth/sign-in-link.server.ts";
import { buildMailedExport, removeStaleExports } from "#app/modules/account-export/export.server.ts";
import { getDatabase } from "#app/modules/db/db.server.ts";
import { queueMessageDigests, sendMessageDigest, sendMessageMail } from "#app/modules/messages/mail.server.ts";
import { sendModerationMail } from "#app/modules/moderation/mail.server.ts";
import { sendEventReminders } from "#app/modules/posters/reminders.server.ts";
import { sendSubmissionMail } from "#app/modules/submissions/mail.server.ts";
import { runAlertJob, sendSavedSearchAlert } from "#app/modules/saved-searches/alerts.server.ts";
import { jobNames, jobQueue, stopJobQueue, type JobName, type JobPayloads } from "./queue.server.ts";

// What each kind of job does, and the worker that runs them in a server process.

const handlers: { [N in JobName]: (payload: JobPayloads[N]) => Promise<unknown> } = {
  "mail-account": sendAccountMail,
  "mail-moderation": sendModerationMail,
  "mail-submission": sendSubmissionMail,
  "mail-saved-search-alert": sendSavedSearchAlert,
  "saved-search-alerts": (payload) => runAlertJob(payload.at ? new Date(payload.at) : new Date()),
  "mail-message": (payload) => sendMessageMail(payload),
  "message-digests": (payload) => queueMessageDigests(payload.at ? new Date(payload.at) : new Date()),
  "mail-message-digest": sendMessageDigest,
  "advert-expiry-mails": (payload) => sendExpiryReminders(payload.at ? new Date(payload.at) : new Date()),
  "mail-sign-in-link": sendSignInLinkMail,
  "mail-security": sendSecurityMail,
  "data-export": buildMailedExport,
  "data-export-cleanup": (payload) => removeStaleExports(payload.at ? new Date(payload.at) : new Date()),
  "event-reminders": (payload) => sendEventReminders(payload.at ? new Date(payload.at) : new Date()),
};

/** Recurring jobs (cron, UTC): pg-boss sends each occurrence once, whichever process notices it. */
const SCHEDULES: Array<{ name: JobName; cron: string; atStart?: boolean }> = [
  { name: "saved-search-alerts", cron: "* * * * *", atStart: true },
  // Morning in Europe, where most readers live.
  { name: "message-digests", cron: "0 6 * * *" },
  { name: "advert-expiry-mails", cron: "* * * * *", atStart: true },
  { name: "data-export-cleanup", cron: "17 * * * *" },
  { name: "event-reminders", cron: "*/10 * * * *", atStart: true },
];

function run<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<unknown> {
  return handlers[name](payload);
}

export type JobWorker = { stop(): Promise<void> };

/**
 * Runs every kind of job in this process until stop(): server/main.ts calls it once per process
 * (each cluster worker too; a job is claimed by one of them). Polls every `pollSeconds` besides
 * the NOTIFY that wakes it for a new job.
 */
export async function startJobWorker(options: { database?: Database; boss?: PgBoss; pollSeconds?: number } = {}): Promise<JobWorker> {
  const database = options.database ?? getDatabase();
  const boss = options.boss ?? (await jobQueue(database));
  const poll = options.pollSeconds ?? 2;
  for (const name of jobNames) {
    // A few jobs per fetch, each settled on its own; while fetches come back full the worker
    // fetches again at once, otherwise it waits for a NOTIFY or the next poll.
    const work = { batchSize: 5, perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: 5 * poll } as const;
    await boss.work<JobPayloads[typeof name]>(name, work, async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await run(name, job.data);
          results.push({ id: job.id, status: "completed" });
        } catch (error) {
          console.error(`job ${name} ${job.id} failed (attempt ${job.retryCount + 1}):`, error instanceof Error ? error.message : error);
          results.push({ id: job.id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } });
        }
      }
      return results;
    });
  }
  for (const { name, cron } of SCHEDULES) await boss.schedule(name, cron, {});
  // The minute scans also run once at start, not only at the first minute the clock notices
  // (their queues take one job at a time, so several processes starting at once add nothing).
  for (const { name, atStart } of SCHEDULES) if (atStart) await boss.send(name, {});
  return { stop: () => (options.boss ? options.boss.stop({ graceful: true, timeout: 30_000 }) : stopJobQueue(database)) };
}

/**
 * Runs the jobs that are due now in this process, one kind after another, until none is left
 * (a job may queue others). For tests and scripts; `ignoreStartAfter` also runs jobs waiting
 * for a retry. Returns how many completed and how many failed.
 */
export async function runQueuedJobs(options: { ignoreStartAfter?: boolean; database?: Database } = {}): Promise<{ completed: number; failed: number }> {
  const boss = await jobQueue(options.database ?? getDatabase());
  const totals = { completed: 0, failed: 0 };
  // Bounded: with ignoreStartAfter a job that keeps failing comes back until its retries run out.
  for (let pass = 0; pass < 50; pass++) {
    let ran = 0;
    for (const name of jobNames) {
      const jobs = await boss.fetch<JobPayloads[typeof name]>(name, { batchSize: 20, ignoreStartAfter: options.ignoreStartAfter === true });
      for (const job of jobs) {
        ran++;
        try {
          await run(name, job.data);
          await boss.complete(name, job.id);
          totals.completed++;
        } catch (error) {
          console.error(`job ${name} failed:`, error);
          await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          totals.failed++;
        }
      }
    }
    if (ran === 0) break;
  }
  return totals;
}
