import { z } from "zod";
import { passwordSchema } from "./password-policy.ts";

// Account form fields shared by several forms; messages are `auth` translation keys.

export const emailSchema = z
  .string({ error: "auth:errors.email_required" })
  .trim()
  .min(1, "auth:errors.email_required")
  .max(254, "auth:errors.email_invalid")
  .pipe(z.email("auth:errors.email_invalid"));

/** The password someone types to prove who they are: any non-empty string (rules apply to new ones). */
export const currentPasswordSchema = z
  .string({ error: "auth:errors.password_required" })
  .min(1, "auth:errors.password_required")
  .max(1024, "auth:errors.password_too_long");

export const newPasswordSchema = passwordSchema;

export const nameSchema = z.string().trim().max(100, "auth:errors.name_too_long").optional().default("");

/** A base64url string of `min` to `max` characters: a token we made, a passkey's id. */
export function base64urlSchema(min: number, max: number) {
  return z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
}
