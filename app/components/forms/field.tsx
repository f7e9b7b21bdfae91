import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { usePageLanguage } from "~/hooks/use-t";
import { useTranslation } from "~/i18n/translate";
import { FieldErrors } from "./error-list";

export type AnyField = FieldMetadata<any, any, string[]>;

/** What the control needs to be tied to its label, hint and messages. */
type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

type FieldProps = {
  field: AnyField;
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

// conform's props for the control, without its aria attributes (Field owns those, with the
// hint in them) and without the React key (Field puts it on the wrapper).

type InputOptions = { type: "text" | "email" | "tel" | "password" | "url" } | { type: "checkbox"; value?: string };

export function inputProps(field: AnyField, options: InputOptions) {
  const { key: _key, ...props } = getInputProps(field, { ...options, ariaAttributes: false });
  return props;
}

/**
 * `placeholder`: the select opens on an empty "choose…" option. Only then may it be `required`
 * (HTML: a required single select's first option must be an empty placeholder); without one
 * a value is always chosen, and the server still checks it.
 */
export function selectProps(field: AnyField, { placeholder = false }: { placeholder?: boolean } = {}) {
  const { key: _key, required, ...props } = getSelectProps(field, { ariaAttributes: false });
  return placeholder ? { ...props, required } : props;
}

export function textareaProps(field: AnyField) {
  const { key: _key, ...props } = getTextareaProps(field, { ariaAttributes: false });
  return props;
}
