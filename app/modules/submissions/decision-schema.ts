import { z } from "zod";
import { idNumberSchema } from "#app/platform/http/ids.ts";
import { errors } from "#app/modules/staff-content/form-schema.ts";
import { SUBMISSION_TYPES } from "./forms.ts";

// Staff's decisions in the moderation queue. Shared by the queue's forms and its action.

/** The reason a rejected advert's owner or submission's sender reads. */
export const rejectionReason = z
  .string({ error: "admin:moderation.reason_required" })
  .trim()
  .min(3, "admin:moderation.reason_required")
  .max(1000, errors.tooLong(1000));

const target = { type: z.enum(SUBMISSION_TYPES), id: idNumberSchema };

/** Reject a submission with a reason (the reject form validates with this branch alone). */
export const submissionRejectSchema = z.object({ intent: z.literal("submission-reject"), ...target, reason: rejectionReason });

export const submissionDecisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("submission-approve"), ...target }),
  submissionRejectSchema,
]);

/** Whether a posted moderation form is about a submission (not an advert). */
export function isSubmissionDecision(form: FormData): boolean {
  const intent = form.get("intent");
  return typeof intent === "string" && intent.startsWith("submission-");
}
