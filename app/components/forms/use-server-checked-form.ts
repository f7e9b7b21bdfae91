import type { SubmissionResult } from "@conform-to/react";
import type { FieldState } from "./field.tsx";

/** What a loader sends from `getZodConstraint(schema)`: HTML constraint attributes per field. */
export type FormConstraint = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    multiple?: boolean;
    pattern?: string;
  }
>;

export type ServerCheckedForm = { id: string; errorId: string; errors: string[] | undefined };

/**
 * A short public form (sign-in, password reset, account deletion) checked by the server alone:
 * the page ships no zod, no schema and no form library (docs/adr/0032-first-load.md), the
 * constraint attributes come from the loader (`getZodConstraint` of the schema the action
 * parses), and every submit gets the server's localized messages in `lastResult` (conform's
 * reply), with JS as without. Ids follow conform's (`signin-email`, `signin-email-error`).
 */
export function useServerCheckedForm({
  id,
  lastResult,
  constraint,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  constraint: FormConstraint;
}) {
  const { form, fields } = formStates(id, constraint, lastResult?.error ?? {}, (lastResult?.initialValue ?? {}) as Record<string, unknown>);
  return [form, fields] as const;
}

/** `fields.rent` of conform's payload `{ fields: { rent } }` (a reply's initial values are nested by the names' dots). */
function nested(initial: Record<string, unknown>, name: string): unknown {
  let value: unknown = initial;
  for (const part of name.split("."))
    value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

/** The form's and each field's state with conform's ids (`<form>-<field>`, `…-error`), without conform. */
export function formStates(
  id: string,
  constraint: FormConstraint,
  errors: Record<string, string[] | null | undefined>,
  initial: Record<string, unknown>,
) {
  const form: ServerCheckedForm = { id, errorId: `${id}-error`, errors: errors[""] ?? undefined };
  const field = (name: string): FieldState => ({
    ...constraint[name],
    id: `${id}-${name}`,
    name,
    formId: id,
    errorId: `${id}-${name}-error`,
    errors: errors[name] ?? undefined,
    initialValue: name in initial ? initial[name] : nested(initial, name),
  });
  const fields = new Proxy({} as Record<string, FieldState>, { get: (_, name) => (typeof name === "string" ? field(name) : undefined) });
  return { form, fields };
}

/** The form element's attributes: the server checks, so the browser's own bubbles stay off. */
export function serverCheckedFormProps(form: ServerCheckedForm) {
  return { id: form.id, noValidate: true };
}
