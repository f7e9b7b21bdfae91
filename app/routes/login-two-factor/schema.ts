import { z } from "zod";

// The second sign-in step: a code from the authenticator app, or one of the recovery codes.

export const SECOND_STEP_INTENTS = ["totp-verify", "recovery-verify"] as const;
export type SecondStepIntent = (typeof SECOND_STEP_INTENTS)[number];

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
