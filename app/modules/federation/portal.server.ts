import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, defineScanJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { buildFederation, type PortalFederation } from "./federation.server.ts";
import { KyselyKvStore } from "./kv.server.ts";
import { JobMessageQueue } from "./queue.server.ts";
import { syncAll } from "./sync.server.ts";

// This process's federation (the registered database, the configured origin, the job queue)
// and its jobs: `federation-deliver` hands a queued message back to Fedify (a delivery to one
// inbox, or the fan-out to followers), retried like mail; `federation-sync` publishes what
// changed; `federation-kv-sweep` drops expired cache rows.

let current: PortalFederation | undefined;

const db = () => getDb() as Kysely<DB>;

export function getFederation(): PortalFederation {
  current ??= buildFederation({
    db,
    origin: getConfig().origin,
    kv: new KyselyKvStore(db),
    queue: new JobMessageQueue((message, options) =>
      enqueue(federationDeliverJob, { message: message as Record<string, unknown> }, { startAfter: options.startAfterSeconds }),
    ),
    allowPrivateAddress: getConfig().federationAllowPrivate,
  });
  return current;
}

/** A context for work outside a request (sync, following), under the configured origin. */
export function federationContext() {
  return getFederation().createContext(new URL(getConfig().origin), undefined);
}

export const federationDeliverJob = defineJob({
  name: "federation-deliver",
  schema: z.object({ message: z.record(z.string(), z.unknown()) }),
  queue: { ...MAIL_QUEUE, retryLimit: 8 },
  handler: async ({ message }) => {
    // oxlint-disable-next-line typescript/no-explicit-any -- Fedify's own message, as it queued it
    await getFederation().processQueuedTask(undefined, message as any);
  },
});

export const federationSyncJob = defineScanJob({
  name: "federation-sync",
  schedule: { cron: "* * * * *" },
  scan: () => syncAll(db(), federationContext(), getConfig().origin),
});

export const federationKvSweepJob = defineScanJob({
  name: "federation-kv-sweep",
  schedule: { cron: "17 3 * * *" },
  scan: () => new KyselyKvStore(db).sweep(),
});

/** After a staff save or state change: publish soon (the save's transaction has committed by then). */
export async function requestSync(): Promise<void> {
  await enqueue(federationSyncJob, {}, { startAfter: 2 });
}
