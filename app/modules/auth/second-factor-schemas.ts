import { z } from "zod";
import { base64urlSchema, currentPasswordSchema } from "./schemas.ts";

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
  code: z
    .string({ error: "security:errors.code_required" })
    .trim()
    .min(1, "security:errors.code_required")
    .max(40, "security:errors.recovery_format"),
});

export const PASSKEY_NAME_MAX = 60;

/** `passkey`, not `id`: the form edge takes every `id` field for a database row number. */
export const passkeyRenameSchema = z.object({
  passkey: base64urlSchema(1, 1400),
  name: z
    .string({ error: "security:errors.name_required" })
    .trim()
    .min(1, "security:errors.name_required")
    .max(PASSKEY_NAME_MAX, "security:errors.name_too_long"),
});

export const passkeyRemoveSchema = passkeyRenameSchema.pick({ passkey: true });

/** The security page's "confirm it is you": the account's password, re-typed. */
export const reauthenticateSchema = z.object({ password: currentPasswordSchema });
