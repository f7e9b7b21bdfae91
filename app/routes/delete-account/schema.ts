import { z } from "zod";
import { currentPasswordSchema } from "#app/modules/auth/schemas.ts";

export const deleteAccountSchema = z.object({
  password: currentPasswordSchema,
  confirm: z.literal("yes", "auth:errors.confirm_required"),
});
