import { z } from "zod";
import { idSchema } from "../http/ids.ts";
import { CONVERSATION_REPORT_REASONS, MESSAGE_MAX_LENGTH, REPORT_NOTE_MAX_LENGTH } from "./limits.ts";

// The message forms (first message about an advert, reply, block), checked by the server.
// Messages are `cabinet` translation keys.

/** Control characters other than tab and line breaks have no place in a message (and NUL breaks the database). */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const body = z
  .string({ error: "cabinet:messages.errors.empty" })
  .trim()
  .min(1, "cabinet:messages.errors.empty")
  .max(MESSAGE_MAX_LENGTH, `cabinet:messages.errors.too_long|${JSON.stringify({ max: MESSAGE_MAX_LENGTH })}`)
  .refine((text) => !CONTROL_CHARACTERS.test(text), "cabinet:messages.errors.control_characters");

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
      .refine((text) => !CONTROL_CHARACTERS.test(text), "cabinet:messages.errors.control_characters")
      .optional(),
  }),
]);
