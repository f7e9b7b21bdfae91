import type { ListFilter } from "./list-query.ts";

// What can happen to whole items, one at a time or in bulk. Pure: lists render these.

export const STATE_ACTIONS = ["publish", "unpublish", "trash", "restore", "purge"] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

/** Which bulk actions fit a list view: live items publish, unpublish or go to the trash; trashed ones come back or (admins) go for good. */
export function bulkActionsFor(view: ListFilter["view"], canPurge: boolean): StateAction[] {
  if (view === "trash") return canPurge ? ["restore", "purge"] : ["restore"];
  return ["publish", "unpublish", "trash"];
}
