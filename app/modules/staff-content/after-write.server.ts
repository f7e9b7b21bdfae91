import type { Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { requestSync } from "#app/modules/federation/portal.server.ts";
import { syncOccurrences } from "#app/modules/posters/occurrences.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";
import type { ContentType } from "./registry.ts";

// What a type keeps in step with its row, in the save's transaction: a series' dates follow its rule.
const AFTER_WRITE: Partial<Record<ContentType, (trx: Transaction<DB>, id: number) => Promise<void>>> = {
  posters: (trx, id) => syncOccurrences(trx, id),
};

export async function afterWrite(type: ContentType, trx: Transaction<DB>, id: number): Promise<void> {
  await AFTER_WRITE[type]?.(trx, id);
}

// What a type tells others once the save or state change has committed: federated sections
// publish the change soon (the federation's sync also runs every minute, so a lost nudge only waits).
const AFTER_COMMIT: Partial<Record<ContentType, () => Promise<void>>> = { news: requestSync, posters: requestSync };

export async function afterCommit(type: ContentType): Promise<void> {
  await AFTER_COMMIT[type]?.().catch((error: unknown) => logger.warn({ err: error, type }, "could not queue the federation sync"));
}
