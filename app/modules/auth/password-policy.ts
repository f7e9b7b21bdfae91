import { z } from "zod";

// The password rules, in one zod schema shared by the forms (client and server), the
// strength meter and the CLI. Messages are translation keys of the `auth` namespace.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const CHARACTER_CLASSES = [/[a-zа-яґєіїё]/u, /[A-ZА-ЯҐЄІЇЁ]/u, /\d/, /[^\p{L}\d]/u];

/** How many of lower case, upper case, digits and symbols the password uses. */
export function characterClasses(password: string): number {
  return CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length;
}

export const passwordSchema = z
  .string({ error: "auth:errors.password_required" })
  .min(1, "auth:errors.password_required")
  .min(PASSWORD_MIN_LENGTH, "auth:errors.password_too_short")
  .max(PASSWORD_MAX_LENGTH, "auth:errors.password_too_long")
  .refine((password) => characterClasses(password) >= 2, "auth:errors.password_too_simple");

/** Passing passwordSchema is Medium; these extra rules make a Strong one. */
export const strongPasswordSchema = passwordSchema
  .refine((password) => password.length >= 12)
  .refine((password) => characterClasses(password) >= 3);

export type PasswordStrength = "empty" | "weak" | "medium" | "strong";

/** The meter's reading (SPEC labels Weak, Medium, Strong; "Enter a password" when empty). */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return "empty";
  if (strongPasswordSchema.safeParse(password).success) return "strong";
  if (passwordSchema.safeParse(password).success) return "medium";
  return "weak";
}
