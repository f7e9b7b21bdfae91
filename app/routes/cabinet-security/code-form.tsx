import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";

/** A post of one `intent` asking for a code from the app (confirm, turn off, new recovery codes). */
export function CodeForm({
  intent,
  reply,
  constraint,
  label,
  submit,
  variant,
  children,
}: {
  intent: string;
  reply: FormReply | undefined;
  constraint: FormConstraint;
  label: string;
  submit: string;
  variant?: "secondary" | "danger";
  children?: ReactNode;
}) {
  const [form, fields] = useServerCheckedForm({ id: intent, lastResult: reply?.intent === intent ? reply.result : undefined, constraint });
  return (
    <Form method="post" className="form" {...serverCheckedFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
      <InputField field={fields.code} label={label} autoComplete="one-time-code" />
      <SubmitRow variant={variant}>{submit}</SubmitRow>
    </Form>
  );
}
