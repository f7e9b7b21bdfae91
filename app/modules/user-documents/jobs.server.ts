import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { documentRemindersJob } from "./reminders.server.ts";

/** The reminders before users' documents expire. */
export const userDocumentsJobs: AnyJob[] = [documentRemindersJob];
