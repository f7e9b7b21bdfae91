import { z } from "zod";
import { newPasswordSchema } from "~/modules/auth/schemas";

export const resetSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
