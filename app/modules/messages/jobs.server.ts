import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { messageDigestJob, messageDigestsJob, messageMailJob } from "./mail.server.ts";

/** Mail about new private messages: at once, or the daily digest. */
export const messagesJobs: AnyJob[] = [messageMailJob, messageDigestsJob, messageDigestJob];
