import { z } from "zod";
import { emailSchema } from "#app/modules/auth/schemas.ts";
import { idSchema } from "#app/platform/http/ids.ts";

// The organisations' forms, shared by the page (browser checks) and the action. Pure.

export const ROLES = ["owner", "editor"] as const;
const roleSchema = z.enum(ROLES, "organisations:errors.role");

export const inviteSchema = z.object({ email: emailSchema, role: roleSchema });

/** A member's row: remove them, or give them another role. */
export const memberSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove_member"), userId: idSchema }),
  z.object({ intent: z.literal("member_role"), userId: idSchema, role: roleSchema }),
]);

/** Staff's "trusted" box: present when ticked. */
export const trustSchema = z.object({ trusted: z.literal("on").optional() });

export const invitationAnswerSchema = z.object({ intent: z.enum(["accept", "decline"]), organisationId: idSchema });

const ANNOUNCEMENT_MAX = 2000;

/** An announcement to an event's attendees: one coming date, or all of them ("all"). */
export const announcementSchema = z.object({
  body: z
    .string({ error: "organisations:errors.body_required" })
    .trim()
    .min(1, "organisations:errors.body_required")
    .max(ANNOUNCEMENT_MAX, `organisations:errors.body_too_long|${JSON.stringify({ max: ANNOUNCEMENT_MAX })}`),
  date: z.union([z.literal("all"), idSchema]).default("all"),
});
