import { z } from "zod";

// Codes of the second factor, shared by the second sign-in step and the security page:
// a code from the authenticator app, or one of the recovery codes.

export type SecondStepIntent = "totp-verify" | "recovery-verify";

export const totpCodeSchema = z.object({
  code: z
    .string({ error: "security:errors.code_required" })
    .trim()
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "security:errors.code_format")),
});

export const recoveryCodeSchema = z.object({
  code: z.string({ error: "security:errors.code_required" }).trim().min(1, "security:errors.code_required").max(40, "security:errors.recovery_format"),
});

/** `passkey`, not `id`: the form edge takes every `id` field for a database row number. */
export const passkeyRenameSchema = z.object({
  passkey: z.string().min(1).max(1400).regex(/^[A-Za-z0-9_-]+$/),
  name: z.string({ error: "security:errors.name_required" }).trim().min(1, "security:errors.name_required").max(60, "security:errors.name_too_long"),
});

export const passkeyRemoveSchema = passkeyRenameSchema.pick({ passkey: true });
