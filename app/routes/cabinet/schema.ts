import { z } from "zod";
import { LOCALES } from "#db/schema.ts";
import { currentPasswordSchema, emailSchema, nameSchema, newPasswordSchema } from "#app/modules/auth/schemas.ts";
import { totpCodeSchema } from "#app/modules/auth/second-factor-schemas.ts";

export const profileSchema = z.object({
  name: nameSchema,
  phone: z
    .string()
    .trim()
    .max(30, "auth:errors.phone_invalid")
    .regex(/^\+?[\d\s()-]{6,}$/, "auth:errors.phone_invalid")
    .optional(),
  preferredLocale: z.enum(LOCALES, "auth:errors.locale_invalid"),
});

export const passwordChangeSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** Mail about private messages: at once, a daily digest, or none. */
export const messageMailSchema = z.object({
  messageMail: z.enum(["instant", "daily", "off"], "cabinet:message_mail.invalid"),
});

/**
 * Change the account's email address: the new one, proven by the current password or, on an
 * account with two-factor on, a code from the authenticator app (the action checks it has one).
 */
export const emailChangeSchema = z
  .object({
    newEmail: emailSchema,
    currentPassword: currentPasswordSchema.optional(),
    code: totpCodeSchema.shape.code.optional(),
  })
  .refine((value) => value.currentPassword !== undefined || value.code !== undefined, {
    path: ["currentPassword"],
    message: "cabinet:email_change.errors.proof_required",
  });
