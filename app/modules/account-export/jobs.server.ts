import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { dataExportCleanupJob, dataExportJob } from "./export.server.ts";

/** Mailed personal data exports and the removal of spent ones. */
export const accountExportJobs: AnyJob[] = [dataExportJob, dataExportCleanupJob];
