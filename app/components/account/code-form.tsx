import { InputField } from "#app/components/forms/fields.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";

/**
 * A post of one `intent` asking for a code: from the authenticator app (the second sign-in step;
 * confirm, turn off, new recovery codes), or a recovery code, which the browser should not offer
 * to fill in (`autoComplete="off"`).
 */
export function CodeForm({
  intent,
  reply,
  constraint,
  label,
  submit,
  variant,
  autoComplete = "one-time-code",
}: {
  intent: string;
  reply: FormReply | undefined;
  constraint: FormConstraint;
  label: string;
  submit: string;
  variant?: "secondary" | "danger";
  autoComplete?: "one-time-code" | "off";
}) {
  const [form, fields] = useServerCheckedForm({ id: intent, lastResult: reply?.intent === intent ? reply.result : undefined, constraint });
  return (
    <IntentForm intent={intent} form={form} {...serverCheckedFormProps(form)}>
      <InputField field={fields.code} label={label} autoComplete={autoComplete} />
      <SubmitRow variant={variant}>{submit}</SubmitRow>
    </IntentForm>
  );
}
