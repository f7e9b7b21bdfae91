import type { Database } from "#db/connection.ts";
import type { PgBoss } from "pg-boss";
import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { runQueuedJobsOf, startJobWorker as startWorkerFor, type JobWorker } from "#app/platform/jobs/worker.server.ts";
import { accountExportJobs } from "#app/modules/account-export/jobs.server.ts";
import { advertsJobs } from "#app/modules/adverts/jobs.server.ts";
import { authJobs } from "#app/modules/auth/jobs.server.ts";
import { federationJobs } from "#app/modules/federation/jobs.server.ts";
import { messagesJobs } from "#app/modules/messages/jobs.server.ts";
import { moderationJobs } from "#app/modules/moderation/jobs.server.ts";
import { organisationsJobs } from "#app/modules/organisations/jobs.server.ts";
import { postersJobs } from "#app/modules/posters/jobs.server.ts";
import { ratingsJobs } from "#app/modules/ratings/jobs.server.ts";
import { savedSearchesJobs } from "#app/modules/saved-searches/jobs.server.ts";
import { submissionsJobs } from "#app/modules/submissions/jobs.server.ts";
import { userDocumentsJobs } from "#app/modules/user-documents/jobs.server.ts";
import { pushJobs } from "#app/modules/push/jobs.server.ts";
import { newsletterJobs } from "#app/modules/newsletter/jobs.server.ts";

// Every kind of job the app runs, assembled at the top: each domain declares its own
// (app/modules/<domain>/jobs.server.ts), the job runner (app/platform/jobs) knows none of
// them. The server starts the worker through app/entry.server.tsx, which passes this list.

export const appJobs: readonly AnyJob[] = [
  ...authJobs,
  ...moderationJobs,
  ...submissionsJobs,
  ...savedSearchesJobs,
  ...messagesJobs,
  ...advertsJobs,
  ...accountExportJobs,
  ...postersJobs,
  ...ratingsJobs,
  ...organisationsJobs,
  ...userDocumentsJobs,
  ...pushJobs,
  ...newsletterJobs,
  ...federationJobs,
];

/** The worker for every app job in this process (server/main.ts, through the app entry). */
export function startJobWorker(options: { database?: Database; boss?: PgBoss; pollSeconds?: number } = {}): Promise<JobWorker> {
  return startWorkerFor(appJobs, options);
}

/** Runs the app's jobs that are due now (tests and scripts); see runQueuedJobsOf. */
export function runQueuedJobs(
  options: { ignoreStartAfter?: boolean; database?: Database } = {},
): Promise<{ completed: number; failed: number }> {
  return runQueuedJobsOf(appJobs, options);
}

export type { JobWorker };
