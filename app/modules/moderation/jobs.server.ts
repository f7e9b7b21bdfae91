import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { moderationMailJob } from "./mail.server.ts";

/** The advert owner's mail about moderation's outcome. */
export const moderationJobs: AnyJob[] = [moderationMailJob];
