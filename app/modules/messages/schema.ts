import { z } from "zod";
import { idSchema } from "#app/platform/http/ids.ts";
import { CONVERSATION_REPORT_REASONS, MESSAGE_MAX_LENGTH, REPORT_NOTE_MAX_LENGTH } from "./limits.ts";

// The message forms (first message about an advert, reply, block, report), checked by the
// server. Control characters never reach them (the form reader drops them). Messages are
// `cabinet` translation keys.

const body = z
  .string({ error: "cabinet:messages.errors.empty" })
  .trim()
  .min(1, "cabinet:messages.errors.empty")
  .max(MESSAGE_MAX_LENGTH, `cabinet:messages.errors.too_long|${JSON.stringify({ max: MESSAGE_MAX_LENGTH })}`);

/** A field people never see: bots fill it in. */
const website = z.string().optional();

export const firstMessageSchema = z.object({ advert: idSchema, body, website });

export const threadActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reply"), body, website }),
  z.object({ intent: z.literal("block") }),
  z.object({ intent: z.literal("unblock") }),
  z.object({
    intent: z.literal("report"),
    reason: z.enum(CONVERSATION_REPORT_REASONS, "cabinet:messages.errors.reason_required"),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX_LENGTH, `cabinet:messages.errors.note_too_long|${JSON.stringify({ max: REPORT_NOTE_MAX_LENGTH })}`)
      .optional(),
  }),
]);

/** Staff's decision on a group of held messages, named by its first message (the reports queue). */
export const heldDecisionSchema = z.object({ intent: z.enum(["release_held", "discard_held"]), message: idSchema });

/** Lifting a block from the inbox's list: the person by their public id (users.public_id). */
export const unblockPersonSchema = z.object({ intent: z.literal("unblock"), user: z.string().trim().min(1).max(64) });
