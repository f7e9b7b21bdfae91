import type { Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { syncOccurrences } from "#app/modules/posters/occurrences.server.ts";
import type { ContentType } from "./registry.ts";

// What a type keeps in step with its row, in the save's transaction: a series' dates follow its rule.
const AFTER_WRITE: Partial<Record<ContentType, (trx: Transaction<DB>, id: number) => Promise<void>>> = {
  posters: (trx, id) => syncOccurrences(trx, id),
};

export async function afterWrite(type: ContentType, trx: Transaction<DB>, id: number): Promise<void> {
  await AFTER_WRITE[type]?.(trx, id);
}
