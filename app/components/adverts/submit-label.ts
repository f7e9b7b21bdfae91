import { statusAfterSave, type AdvertStatus } from "~/modules/adverts/lifecycle";

/** Whether saving an advert now (`current` null: a new one) hands it to a moderator before it shows. */
export function sendsForReview(current: AdvertStatus | null, moderation: boolean): boolean {
  return current !== "pending" && statusAfterSave(current, moderation) === "pending";
}

/**
 * The advert form's submit button says what the click does: when a moderator checks the
 * advert before it shows (`review`), "Publish" would promise what does not happen.
 */
export function advertSubmitKey(mode: "new" | "edit", review: boolean) {
  if (mode === "new") return review ? "form.submit_review" : "form.submit_new";
  return review ? "form.submit_edit_review" : "form.submit_edit";
}
