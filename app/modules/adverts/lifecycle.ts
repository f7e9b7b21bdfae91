import type { AdvertStatus } from "#db/schema.ts";

// An advert's lifecycle as one table: every move an advert can make, who may make it and
// where it lands. The cabinet (owner), the moderation queue and the dashboard (moderator),
// the mailed renew/sold links (owner, by token) and expiry (clock) all ask this table;
// nothing else decides which status follows which. Pure: the moves that write rows are in
// lifecycle.server.ts.

export type { AdvertStatus };

export const ADVERT_ACTIONS = [
  "save",
  "renew",
  "sold",
  "archive",
  "raise",
  "approve",
  "reject",
  "publish",
  "unpublish",
  "expire",
  "hold",
  "restore",
] as const;
/**
 * - save: the owner saves the form (a new advert counts as a draft);
 * - renew: live again for a full lifetime from now; sold, archive: the owner ends it;
 * - raise: back to the top of the lists, expiry unchanged;
 * - approve, reject: the moderation queue; publish, unpublish: the dashboard's buttons and bulk actions;
 * - expire: the clock (read-time: a published advert past its expires_at *is* expired);
 * - hold: the community (enough verified accounts reported it) hides a live advert pending review;
 *   restore: staff put it back live from the reports queue.
 */
export type AdvertAction = (typeof ADVERT_ACTIONS)[number];
export type AdvertActor = "owner" | "moderator" | "clock" | "community";
/** Extra conditions of a move: the portal's moderation setting, whether the advert was ever live. */
type Condition = "moderation" | "no_moderation" | "ever_published";
type Transition = { from: AdvertStatus; action: AdvertAction; actor: AdvertActor; to: AdvertStatus; when?: Condition };
export type TransitionContext = { moderation?: boolean; everPublished?: boolean };

const ALL: readonly AdvertStatus[] = ["draft", "pending", "published", "rejected", "expired", "sold", "archived"];
const rows = (froms: readonly AdvertStatus[], rest: Omit<Transition, "from">): Transition[] => froms.map((from) => ({ from, ...rest }));

export const ADVERT_TRANSITIONS: readonly Transition[] = [
  // The owner's form: a draft goes live, or to the moderators when moderation is on; a live
  // advert edited under moderation is checked again; a rejected one always is.
  ...rows(["draft"], { action: "save", actor: "owner", to: "pending", when: "moderation" }),
  ...rows(["draft"], { action: "save", actor: "owner", to: "published", when: "no_moderation" }),
  ...rows(["published"], { action: "save", actor: "owner", to: "pending", when: "moderation" }),
  ...rows(["published"], { action: "save", actor: "owner", to: "published", when: "no_moderation" }),
  ...rows(["rejected"], { action: "save", actor: "owner", to: "pending" }),
  // Saving does not change the others: a pending advert waits, a sold or archived one stays so.
  ...(["pending", "expired", "sold", "archived"] as const).map((from): Transition => ({ from, action: "save", actor: "owner", to: from })),
  // The cabinet's buttons and the mailed links.
  ...rows(["published", "expired", "archived"], { action: "renew", actor: "owner", to: "published", when: "ever_published" }),
  ...rows(["published", "expired"], { action: "sold", actor: "owner", to: "sold" }),
  ...rows(["draft", "pending", "published", "rejected", "expired", "sold"], { action: "archive", actor: "owner", to: "archived" }),
  ...rows(["published"], { action: "raise", actor: "owner", to: "published" }),
  // The moderation queue.
  ...rows(["pending"], { action: "approve", actor: "moderator", to: "published" }),
  ...rows(["pending"], { action: "reject", actor: "moderator", to: "rejected" }),
  // The dashboard: publishing also restarts an expired advert's lifetime; unpublishing archives.
  ...rows(ALL, { action: "publish", actor: "moderator", to: "published" }),
  ...rows(ALL, { action: "unpublish", actor: "moderator", to: "archived" }),
  // The clock.
  ...rows(["published"], { action: "expire", actor: "clock", to: "expired" }),
  // Community flags: reports from enough verified accounts send a live advert to the moderation
  // status; staff restore it from the reports queue (or remove it there, reports.server.ts).
  ...rows(["published"], { action: "hold", actor: "community", to: "pending" }),
  ...rows(["pending"], { action: "restore", actor: "moderator", to: "published" }),
];

function holds(condition: Condition | undefined, context: TransitionContext): boolean {
  if (condition === "moderation") return context.moderation === true;
  if (condition === "no_moderation") return context.moderation !== true;
  if (condition === "ever_published") return context.everPublished === true;
  return true;
}

/** Where `action` by `actor` takes an advert in status `from`, or null when the table has no such move. */
export function nextStatus(
  from: AdvertStatus,
  action: AdvertAction,
  actor: AdvertActor,
  context: TransitionContext = {},
): AdvertStatus | null {
  const row = ADVERT_TRANSITIONS.find((t) => t.from === from && t.action === action && t.actor === actor && holds(t.when, context));
  return row ? row.to : null;
}

export function canMove(from: AdvertStatus, action: AdvertAction, actor: AdvertActor, context: TransitionContext = {}): boolean {
  return nextStatus(from, action, actor, context) !== null;
}

/** The cabinet's row buttons: editing and deleting are always there; the rest come from the table. */
const OWNER_BUTTONS = ["renew", "raise", "sold", "archive"] as const satisfies readonly AdvertAction[];
export type OwnerAction = "edit" | (typeof OWNER_BUTTONS)[number] | "delete";

/** What the owner may do in the cabinet, by the effective status. */
export function ownerActions(status: AdvertStatus, everPublished: boolean): OwnerAction[] {
  return ["edit", ...OWNER_BUTTONS.filter((action) => canMove(status, action, "owner", { everPublished })), "delete"];
}

/** The status an advert takes when its owner saves the form (`null`: a new advert). */
export function statusAfterSave(current: AdvertStatus | null, moderation: boolean): AdvertStatus {
  return nextStatus(current ?? "draft", "save", "owner", { moderation }) ?? current ?? "draft";
}

/** Whether saving an advert now (`current` null: a new one) hands it to a moderator before it shows. */
export function sendsForReview(current: AdvertStatus | null, moderation: boolean): boolean {
  return current !== "pending" && statusAfterSave(current, moderation) === "pending";
}

/** The status people see: "published" turns into "expired" once expires_at has passed (the clock's move). */
export function effectiveStatus(status: AdvertStatus, expiresAt: Date | string | null, now = new Date()): AdvertStatus {
  if (expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()) return nextStatus(status, "expire", "clock") ?? status;
  return status;
}

/** Statuses whose page anyone may open: live, or saying it is sold or expired. */
export function isPubliclyVisible(status: AdvertStatus): boolean {
  return status === "published" || status === "sold" || status === "expired";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an advert raised at `raisedAt` may be raised again (`intervalDays` apart). */
export function nextRaiseAt(raisedAt: Date | string | null, intervalDays: number): Date | null {
  return raisedAt === null ? null : new Date(new Date(raisedAt).getTime() + intervalDays * DAY_MS);
}

/** Whether a raise now respects the interval since the last one (or since publication). */
export function mayRaise(raisedAt: Date | string | null, intervalDays: number, now = new Date()): boolean {
  const next = nextRaiseAt(raisedAt, intervalDays);
  return next === null || next.getTime() <= now.getTime();
}
