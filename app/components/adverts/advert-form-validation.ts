import { parseWithZod } from "@conform-to/zod/v4";
import type { FormErrors } from "#app/components/forms/use-lazy-validated-form.ts";
import { createAdvertSchema, type AdvertFormOptions } from "#app/modules/adverts/form-schema.ts";

/** The advert form's browser check (advert-form.tsx loads it on first focus): the server's schema, with the chosen category's fields. */
export default function validateAdvertForm(formData: FormData, fields: AdvertFormOptions["fields"] = []): FormErrors {
  const submission = parseWithZod(formData, { schema: createAdvertSchema({ fields }) });
  return submission.status === "success" ? {} : (submission.error ?? {});
}
