import { getDb } from "#app/platform/db/db.server.ts";
import type { ListFilter } from "./list-query.ts";
import { matchingIds } from "./list.server.ts";
import type { StateAction } from "./actions.ts";
import { afterStateAction, applyStateAction, type Actor } from "./state.server.ts";
import type { ContentSpec } from "./types.ts";

// Bulk actions of a list: the rows are chosen by the list's own where-builder with the
// filter the list shows (optionally narrowed to the ticked rows among them), then changed
// in the same transaction, row locks held, so the set cannot drift in between.

export async function bulkApply(
  spec: ContentSpec,
  filter: ListFilter,
  action: StateAction,
  actor: Actor,
  selectedIds?: readonly number[],
): Promise<number> {
  const result = await getDb()
    .transaction()
    .execute(async (trx) => {
      const ids = await matchingIds(trx, spec, filter, selectedIds);
      return applyStateAction(trx, spec, action, ids, actor);
    });
  await afterStateAction(result, spec.type);
  return result.changed.length;
}
