import { z } from "zod";
import { currentPasswordSchema } from "~/modules/auth/schemas";

export const deleteAccountSchema = z.object({
  password: currentPasswordSchema,
  confirm: z.literal("yes", "auth:errors.confirm_required"),
});
