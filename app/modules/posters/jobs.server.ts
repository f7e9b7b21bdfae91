import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { eventNoticeJob } from "./notices.server.ts";
import { eventSeriesJob } from "./occurrences.server.ts";
import { waitlistPromotedJob } from "./promotion.server.ts";
import { eventRemindersJob } from "./reminders.server.ts";

/** The mail the day before an event to those going; the series' dates kept a year ahead; notices to those going; a freed place to the first waiting. */
export const postersJobs: AnyJob[] = [eventRemindersJob, eventSeriesJob, eventNoticeJob, waitlistPromotedJob];
