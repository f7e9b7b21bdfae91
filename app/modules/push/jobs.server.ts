import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { pushSendJob } from "./send.server.ts";

/** Web push notifications to users' devices. */
export const pushJobs: AnyJob[] = [pushSendJob];
