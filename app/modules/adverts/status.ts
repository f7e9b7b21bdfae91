import type { AdvertStatus } from "../../../db/schema.ts";

// An advert's lifecycle. Expiry is never a job's doing: a published advert whose
// expires_at has passed *is* expired, in every query and here (effectiveStatus).

export type { AdvertStatus };

export type OwnerAction = "edit" | "renew" | "sold" | "archive" | "delete";

/** The status people see: "published" turns into "expired" once expires_at has passed. */
export function effectiveStatus(status: AdvertStatus, expiresAt: Date | string | null, now = new Date()): AdvertStatus {
  if (status === "published" && expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()) return "expired";
  return status;
}

/** Statuses whose page anyone may open: live, or saying it is sold or expired. */
export function isPubliclyVisible(status: AdvertStatus): boolean {
  return status === "published" || status === "sold" || status === "expired";
}

/** What the owner may do in the cabinet, by the effective status. */
export function ownerActions(status: AdvertStatus, everPublished: boolean): OwnerAction[] {
  const actions: OwnerAction[] = ["edit"];
  if (everPublished && (status === "published" || status === "expired" || status === "archived")) actions.push("renew");
  if (status === "published" || status === "expired") actions.push("sold");
  if (status !== "archived") actions.push("archive");
  actions.push("delete");
  return actions;
}

/**
 * The status an advert takes when its owner saves the form: a new or draft advert is
 * published, or pending under moderation; an edited live advert goes back to moderation
 * when moderation is on; a rejected one always goes back to the moderators.
 */
export function statusAfterSave(current: AdvertStatus | null, moderation: boolean): AdvertStatus {
  if (current === null || current === "draft") return moderation ? "pending" : "published";
  if (current === "rejected") return "pending";
  if (current === "published" && moderation) return "pending";
  return current;
}
