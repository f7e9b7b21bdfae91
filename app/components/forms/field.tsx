import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { FieldErrors } from "./error-list.tsx";

export type AnyField = FieldMetadata<any, any, string[]>;

/**
 * What Field and the controls read from a field: conform's metadata has it all, and so do the
 * server-checked forms' plain objects (use-server-checked-form.ts), which ship no conform.
 */
export type FieldState = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[] | undefined;
  key?: string | undefined;
  initialValue?: unknown;
  required?: boolean | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  min?: string | number | undefined;
  max?: string | number | undefined;
  step?: string | number | undefined;
  pattern?: string | undefined;
  multiple?: boolean | undefined;
  accept?: string | undefined;
};

/** What the control needs to be tied to its label, hint and messages. */
type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

type FieldProps = {
  field: FieldState;
  label: string;
  hint?: string;
  /** A visible asterisk, and the word for screen readers (the asterisk itself is hidden from them). */
  required?: boolean;
  /** Further descriptions the control's children render (a strength meter), by id. */
  describedBy?: readonly string[];
  /** Checkboxes put the control before its label. */
  checkbox?: boolean;
  children: (control: ControlProps) => ReactNode;
};

/**
 * Label, hint, control and messages, wired for assistive technology. The markup is the
 * same on the server and in the browser, so a form posts and shows its messages without JS.
 */
export function Field({ field, label, hint, required = false, describedBy = [], checkbox = false, children }: FieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = Boolean(field.errors?.length);
  const ids = [hintId, ...describedBy, invalid ? field.errorId : undefined].filter(Boolean);
  const control = children({ id: field.id, "aria-invalid": invalid || undefined, "aria-describedby": ids.join(" ") || undefined });
  return (
    // conform's key changes when the form is reset, so the uncontrolled control remounts with its new default.
    <div className={checkbox ? "field field--checkbox" : "field"} key={field.key}>
      {checkbox ? control : null}
      <label htmlFor={field.id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {checkbox ? null : control}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function RequiredMark() {
  const { t } = useTranslation("common", { lng: usePageLanguage() });
  return (
    <>
      {" "}
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">({t("form.required")})</span>
    </>
  );
}

// The control's props as conform's getInputProps/getSelectProps/getTextareaProps give them,
// without their aria attributes (Field owns those, with the hint in them) and without the
// React key (Field puts it on the wrapper). Written out here so a form without conform's
// client (the server-checked ones) can use the same controls.

type InputOptions = { type: "text" | "email" | "tel" | "password" | "url" } | { type: "checkbox"; value?: string };

function controlProps(field: FieldState) {
  return { id: field.id, name: field.name, form: field.formId, required: field.required || undefined };
}

export function inputProps(field: FieldState, options: InputOptions) {
  const props = {
    ...controlProps(field),
    type: options.type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    accept: field.accept,
  };
  if (options.type === "checkbox") {
    const value = options.value ?? "on";
    const checked = Array.isArray(field.initialValue) ? field.initialValue.includes(value) : field.initialValue === value;
    return { ...props, value, defaultChecked: checked };
  }
  return { ...props, defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined };
}

/**
 * `placeholder`: the select opens on an empty "choose…" option. Only then may it be `required`
 * (HTML: a required single select's first option must be an empty placeholder); without one
 * a value is always chosen, and the server still checks it.
 */
export function selectProps(field: FieldState, { placeholder = false }: { placeholder?: boolean } = {}) {
  const { required, ...props } = controlProps(field);
  const initial = field.initialValue;
  const defaultValue = Array.isArray(initial) ? initial.map((item) => `${item ?? ""}`) : initial == null ? undefined : String(initial);
  return { ...props, multiple: field.multiple, defaultValue, ...(placeholder ? { required } : {}) };
}

export function textareaProps(field: FieldState) {
  const initial = field.initialValue;
  return {
    ...controlProps(field),
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: initial == null ? undefined : String(initial),
  };
}
