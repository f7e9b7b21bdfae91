import { z } from "zod";
import { newPasswordSchema } from "#app/modules/auth/schemas.ts";

export const resetSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
