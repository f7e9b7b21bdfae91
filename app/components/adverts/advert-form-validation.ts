import { parseWithZod } from "@conform-to/zod/v4";
import type { FormErrors } from "#app/components/forms/use-lazy-validated-form.ts";
import { advertFormSchema } from "#app/modules/adverts/form-schema.ts";

/** The advert form's browser check (advert-form.tsx loads it on first focus): the server's schema. */
export default function validateAdvertForm(formData: FormData): FormErrors {
  const submission = parseWithZod(formData, { schema: advertFormSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}
