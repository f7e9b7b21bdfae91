import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { badRequest } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { getSettings } from "#app/platform/settings/settings.server.ts";
import type { ImagePreview } from "#app/modules/staff-content/form-data.server.ts";
import { postedImagePreviews } from "#app/modules/staff-content/form-images.server.ts";
import { contentFormSchema } from "#app/modules/staff-content/form-schema.ts";
import { saveContentForm } from "#app/modules/staff-content/save.server.ts";
import { readContentForm } from "#app/modules/staff-content/uploads.server.ts";
import { HONEYPOT_FIELD, headingFields, submissionFormSpec, submissionStoredSpec, SUBMISSIONS_PATH, type SubmissionType } from "./forms.ts";
import { capCheckedOnInsert, DailyCapReached, submissionCap, type DailyCap } from "./limits.server.ts";

// Posting a submission: the abuse limits of the advert form (a verified address, the daily
// cap answered 429 with Retry-After, and a honeypot that a bot fills in), then the staff
// form's own save, storing a draft marked as the user's pending submission.

export type SubmissionReply = { result: SubmissionResult<string[]>; images: Record<number, ImagePreview> };

function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

function capReply(form: FormData, type: SubmissionType, cap: Extract<DailyCap, { reached: true }>) {
  const result = parseWithZod(form, { schema: contentFormSchema(submissionFormSpec(type)) }).reply({
    formErrors: [`adverts:errors.daily_limit|${JSON.stringify({ max: cap.max })}`],
  });
  return data<SubmissionReply>({ result, images: {} }, { status: 429, headers: { "Retry-After": String(cap.retryAfterSeconds) } });
}

export async function submitContent({ request, url, user, type }: { request: Request; url: URL; user: SessionUser; type: SubmissionType }) {
  if (!user.emailVerified) return data<SubmissionReply>({ result: formError("adverts:errors.not_verified"), images: {} }, 403);
  const cabinet = localizePath(SUBMISSIONS_PATH, localeFromPath(url.pathname));
  const posted = await readContentForm(request, user.id);
  try {
    const form = posted.form;
    if (form.get("intent") !== "save") badRequest();
    // A bot gets the usual answer, and nothing is stored (its files not even read into images).
    if (String(form.get(HONEYPOT_FIELD) ?? "").trim())
      return redirectWithFlash(cabinet, { severity: "success", message: "submissions:flash.sent" });
    const settings = await getSettings();
    const cap = await submissionCap(user.id, settings);
    if (cap.reached) return capReply(form, type, cap);
    // One language is enough: an English-only heading is stored as the Ukrainian one too, which staff may translate.
    const heading = headingFields(type);
    if (!String(form.get(heading.uk) ?? "").trim()) form.set(heading.uk, String(form.get(heading.en) ?? ""));
    const spec = submissionStoredSpec(type);
    let outcome;
    try {
      outcome = await saveContentForm(
        spec,
        posted,
        { id: user.id, role: user.role },
        undefined,
        { submitted_by: user.id, submission_state: "pending" },
        capCheckedOnInsert(user.id, settings),
      );
    } catch (error) {
      if (error instanceof DailyCapReached) return capReply(form, type, error.cap);
      throw error;
    }
    if (outcome.kind === "created") return redirectWithFlash(cabinet, { severity: "success", message: "submissions:flash.sent" });
    if (outcome.kind !== "invalid") badRequest();
    return data<SubmissionReply>({ result: outcome.result, images: await postedImagePreviews(spec, form) }, 400);
  } finally {
    await posted.done();
  }
}
