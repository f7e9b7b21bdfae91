import { z } from "zod";
import { rejectionReason } from "#app/modules/submissions/decision-schema.ts";
import { idNumberSchema } from "#app/platform/http/ids.ts";

/** Reject with a reason the owner will read (the reject form validates with this branch alone). */
export const rejectSchema = z.object({
  intent: z.literal("reject"),
  id: idNumberSchema,
  reason: rejectionReason,
});

/** Approve, or reject. */
export const moderationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: idNumberSchema }),
  rejectSchema,
]);
