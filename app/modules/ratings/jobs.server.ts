import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { ratingRequestsJob } from "./requests.server.ts";
import { trustStatsJob } from "./trust-stats.server.ts";

/** The mail asking to rate after an exchange, and the sellers' figures kept current. */
export const ratingsJobs: AnyJob[] = [ratingRequestsJob, trustStatsJob];
