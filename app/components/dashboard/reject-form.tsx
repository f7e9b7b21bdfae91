import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { $ZodType } from "zod/v4/core";
import { Field, textareaProps } from "#app/components/forms/field.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";

type RejectFormProps = {
  /** The action schema's reject branch (it has `reason`): what this form is checked against. */
  schema: $ZodType;
  /** The action's whole schema: the constraint attributes are its own, so a field of one branch only is not marked required. */
  constraintSchema: $ZodType;
  formId: string;
  /** The hidden fields: the intent and what is rejected. */
  target: Readonly<Record<string, string | number>>;
  label: string;
  hint: string;
  submit: string;
  reply: SubmissionResult<string[]> | undefined;
};

/** A moderation queue's "reject, with the reason the author is told". */
export function RejectForm({ schema, constraintSchema, formId, target, label, hint, submit, reply }: RejectFormProps) {
  const [form, fields] = useConformForm(schema, { id: formId, lastResult: reply, validateOn: "submit", constraintSchema });
  const reason = fields.reason;
  return (
    <Form method="post" className="dash-reject" {...getFormProps(form)}>
      {Object.entries(target).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Field field={reason} label={label} hint={hint}>
        {(control) => <textarea {...textareaProps(reason)} {...control} rows={2} />}
      </Field>
      <button type="submit" className="button button--danger">
        {submit}
      </button>
    </Form>
  );
}
