import { nextStatus } from "#app/modules/adverts/lifecycle.ts";

// How a content type's items live, named by the type's `lifecycle` (types.ts):
//  - "publishing": staff content. Draft, published (possibly scheduled: published_at in the
//    future), archived; unpublishing goes back to draft; written by staff for the site.
//  - "advert": a user's advert, moved by the lifecycle table of adverts/lifecycle.ts: it
//    expires, unpublishing archives it, moderators reject it with a reason; it belongs to
//    the user who posted it (their photos, their name on the dashboard form).
// The dashboard's generic code asks these rules instead of asking which type it is.

export type LifecycleKind = "publishing" | "advert";

export type LifecycleRules = {
  /** Publication can wait for a future published_at ("scheduled"). */
  scheduled: boolean;
  /** Publishing gives the item an expiry (the settings' lifetime) and clears a rejection reason. */
  expires: boolean;
  /** Items belong to a site user: their uploads stay theirs, slugs are unguessable, the form shows the owner. */
  ownedByUser: boolean;
  /** The dashboard overview counts trashed items apart ("deleted"). */
  overviewCountsTrash: boolean;
  /** The status the dashboard's "unpublish" leaves. */
  unpublishedStatus: string;
  /** The list's status filters, given the type's statuses. */
  statusFilters: (statuses: readonly string[]) => string[];
};

export const CONTENT_LIFECYCLES: Record<LifecycleKind, LifecycleRules> = {
  publishing: {
    scheduled: true,
    expires: false,
    ownedByUser: false,
    overviewCountsTrash: true,
    unpublishedStatus: "draft",
    statusFilters: () => ["draft", "scheduled", "published", "archived"],
  },
  advert: {
    scheduled: false,
    expires: true,
    ownedByUser: true,
    overviewCountsTrash: false,
    unpublishedStatus: nextStatus("published", "unpublish", "moderator") ?? "archived",
    statusFilters: (statuses) => [...statuses],
  },
};

export function lifecycleOf(spec: { lifecycle: LifecycleKind }): LifecycleRules {
  return CONTENT_LIFECYCLES[spec.lifecycle];
}
