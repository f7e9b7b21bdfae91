import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { submissionMailJob } from "./mail.server.ts";

/** The submitter's mail about staff's decision. */
export const submissionsJobs: AnyJob[] = [submissionMailJob];
