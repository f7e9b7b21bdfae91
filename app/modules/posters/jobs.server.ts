import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { eventRemindersJob } from "./reminders.server.ts";

/** The mail the day before an event to those going. */
export const postersJobs: AnyJob[] = [eventRemindersJob];
