// Whether a save goes to review is the lifecycle's answer (sendsForReview), given by the loader.

/**
 * The advert form's submit button says what the click does: when a moderator checks the
 * advert before it shows (`review`), "Publish" would promise what does not happen.
 */
export function advertSubmitKey(mode: "new" | "edit", review: boolean) {
  if (mode === "new") return review ? "form.submit_review" : "form.submit_new";
  return review ? "form.submit_edit_review" : "form.submit_edit";
}
