import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { advertExpiryMailsJob } from "./expiry-reminders.server.ts";

/** The owners' mails before and after an advert expires. */
export const advertsJobs: AnyJob[] = [advertExpiryMailsJob];
