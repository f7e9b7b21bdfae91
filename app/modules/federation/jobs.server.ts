import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { federationDeliverJob, federationKvSweepJob, federationSyncJob } from "./portal.server.ts";

/** Deliveries to other servers, publishing what changed, and the key/value store's sweep. */
export const federationJobs: AnyJob[] = [federationDeliverJob, federationSyncJob, federationKvSweepJob];
