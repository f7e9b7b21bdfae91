import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { advertHeldMailJob } from "./community-flags.server.ts";
import { moderationMailJob } from "./mail.server.ts";

/** The advert owner's mail about moderation's outcome, and about an advert hidden after reports. */
export const moderationJobs: AnyJob[] = [moderationMailJob, advertHeldMailJob];
