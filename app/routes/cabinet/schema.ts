import { z } from "zod";
import { LOCALES } from "#db/schema.ts";
import { currentPasswordSchema, emailSchema, nameSchema, newPasswordSchema } from "#app/modules/auth/schemas.ts";

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

/** Change the account's email address: the new one, proven by the current password. */
export const emailChangeSchema = z.object({
  newEmail: emailSchema,
  currentPassword: currentPasswordSchema,
});
