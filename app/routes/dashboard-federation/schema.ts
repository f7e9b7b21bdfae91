import { z } from "zod";
import { FEDERATION_SECTIONS } from "#db/schema.ts";

export const followSchema = z.object({
  intent: z.literal("follow"),
  handle: z
    .string({ error: "admin:federation.handle_required" })
    .trim()
    .min(3, "admin:federation.handle_required")
    .max(300, "admin:federation.handle_invalid")
    .refine((value) => /^@?[^@\s]+@[^@\s]+$/.test(value) || /^https?:\/\/\S+$/.test(value), "admin:federation.handle_invalid"),
});

export const blockSchema = z.object({
  intent: z.literal("block"),
  host: z
    .string({ error: "admin:federation.host_invalid" })
    .trim()
    .min(3, "admin:federation.host_invalid")
    .max(255, "admin:federation.host_invalid"),
});

export const sectionsSchema = z.object({
  intent: z.literal("sections"),
  sections: z.array(z.enum(FEDERATION_SECTIONS)).max(FEDERATION_SECTIONS.length).default([]),
});

export const rowSchema = z.object({
  intent: z.enum(["approve", "reject", "unfollow"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const unblockSchema = z.object({ intent: z.literal("unblock"), host: z.string().trim().min(1).max(255) });
