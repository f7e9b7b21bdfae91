import { z } from "zod";
import { currentPasswordSchema, emailSchema, nameSchema, newPasswordSchema } from "#app/modules/auth/schemas.ts";

const INTENTS = ["signin", "register", "forgot", "link"] as const;
export type LoginIntent = (typeof INTENTS)[number];

export const signInSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  redirect: z.string().optional(),
});

/** `website` is the honeypot: hidden from people, filled in by bots. */
export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  website: z.string().optional(),
});

export const forgotSchema = z.object({
  email: emailSchema,
});

/** "Email me a sign-in link". */
export const signInLinkSchema = z.object({
  email: emailSchema,
});
