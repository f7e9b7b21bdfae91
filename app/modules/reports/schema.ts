import { z } from "zod";
import { REPORT_MESSAGE_MAX, REPORT_REASONS, REPORT_TARGET_TYPES } from "./limits.ts";

// The report form (on adverts and on news, poster, service and diaspora items), shared by
// the browser and the server. Messages are `reports` translation keys.

export { REPORT_TARGET_TYPES };

export const reportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, "reports:errors.target_invalid"),
    targetId: z
      .number({ error: "reports:errors.target_invalid" })
      .int()
      .positive("reports:errors.target_invalid")
      .max(2_147_483_647, "reports:errors.target_invalid"),
    reason: z.enum(REPORT_REASONS, "reports:errors.reason_required"),
    message: z
      .string()
      .trim()
      .max(REPORT_MESSAGE_MAX, `reports:errors.message_too_long|${JSON.stringify({ max: REPORT_MESSAGE_MAX })}`)
      .optional(),
    /** Where to go back to afterwards (a same-site path). */
    returnTo: z.string().max(2000).optional(),
    /** A field people never see: bots fill it in. */
    website: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.message) {
      ctx.addIssue({ code: "custom", path: ["message"], message: "reports:errors.other_needs_message" });
    }
  });
