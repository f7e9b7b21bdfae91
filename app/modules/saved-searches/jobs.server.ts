import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { savedSearchAlertJob, savedSearchScanJob } from "./alerts.server.ts";

/** New-advert alerts: the minute scan and each search's mail. */
export const savedSearchesJobs: AnyJob[] = [savedSearchAlertJob, savedSearchScanJob];
