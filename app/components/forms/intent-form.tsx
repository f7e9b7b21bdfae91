import type { ComponentProps } from "react";
import { Form } from "react-router";
import { FormErrors } from "./error-list.tsx";

type IntentFormProps = Omit<ComponentProps<typeof Form>, "method"> & {
  /** The action's `intent` field: which branch of the route's action runs. */
  intent: string;
  /** Where the form's own messages go: conform's form or a server-checked one. */
  form: { errorId: string; errors?: readonly string[] };
  /** Messages shown there instead of the form's own. */
  errors?: readonly string[];
};

/** A post naming its intent, with its form-level messages above its fields: works without JS. */
export function IntentForm({ intent, form, errors = form.errors, className = "form", children, ...props }: IntentFormProps) {
  return (
    <Form method="post" className={className} {...props}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={errors} />
      {children}
    </Form>
  );
}
