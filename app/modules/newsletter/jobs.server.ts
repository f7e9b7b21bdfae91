import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { newsletterTestJob } from "./issues.server.ts";
import { newsletterScanJob } from "./send.server.ts";
import { newsletterMailJob } from "./subscribers.server.ts";

/** The newsletter's jobs: confirmation and manage-link mails, staff's test copies, the minute scan that makes digests and sends issues in batches. */
export const newsletterJobs: AnyJob[] = [newsletterMailJob, newsletterTestJob, newsletterScanJob];
