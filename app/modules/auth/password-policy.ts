import { z } from "zod";

import { characterClasses, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";

// The password rules (password-rules.ts) as the zod schema the forms' actions and the CLI parse.
// Messages are translation keys of the `auth` namespace.

export const passwordSchema = z
  .string({ error: "auth:errors.password_required" })
  .min(1, "auth:errors.password_required")
  .min(PASSWORD_MIN_LENGTH, "auth:errors.password_too_short")
  .max(PASSWORD_MAX_LENGTH, "auth:errors.password_too_long")
  .refine((password) => characterClasses(password) >= 2, "auth:errors.password_too_simple");
