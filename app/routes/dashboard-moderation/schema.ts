import { z } from "zod";
import { errors } from "#app/modules/staff-content/form-schema.ts";
import { idNumberSchema } from "#app/modules/http/ids.ts";

/** Reject with a reason the owner will read (the reject form validates with this branch alone). */
export const rejectSchema = z.object({
  intent: z.literal("reject"),
  id: idNumberSchema,
  reason: z.string({ error: "admin:moderation.reason_required" }).trim().min(3, "admin:moderation.reason_required").max(1000, errors.tooLong(1000)),
});

/** Approve, or reject. */
export const moderationSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("approve"), id: idNumberSchema }), rejectSchema]);
