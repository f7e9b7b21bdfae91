import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldMessages } from "./messages";

// Plain form controls on conform's field metadata: label, optional hint, the control and
// its messages, wired with aria-describedby. They work the same with and without JS.

export type AnyField = FieldMetadata<any, any, string[]>;

type Common = { field: AnyField; label: string; hint?: string; lang?: string };

/** The hint's id (conform adds the error message's id itself while the field is invalid). */
function describedBy(field: AnyField, hint: string | undefined): string | undefined {
  return hint ? `${field.id}-hint` : undefined;
}

function Hint({ field, hint }: { field: AnyField; hint?: string }) {
  return hint ? (
    <p id={`${field.id}-hint`} className="field__hint">
      {hint}
    </p>
  ) : null;
}

export function InputField({
  field,
  label,
  hint,
  lang,
  type = "text",
  placeholder,
  autoComplete,
  step,
}: Common & { type?: "text" | "url" | "email" | "tel" | "number"; placeholder?: string; autoComplete?: string; step?: string }) {
  const { key, ...props } = getInputProps(field, { type: type === "number" ? "text" : type, ariaDescribedBy: describedBy(field, hint) });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <Hint field={field} hint={hint} />
      <input
        key={key}
        {...props}
        lang={lang}
        placeholder={placeholder}
        autoComplete={autoComplete ?? "off"}
        inputMode={type === "number" ? "decimal" : undefined}
        step={step}
      />
      <FieldMessages id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ field, label, hint, lang, rows = 4 }: Common & { rows?: number }) {
  const { key, ...props } = getTextareaProps(field, { ariaDescribedBy: describedBy(field, hint) });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <Hint field={field} hint={hint} />
      <textarea key={key} {...props} lang={lang} rows={rows} />
      <FieldMessages id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  hint,
  options,
  empty,
}: Common & { options: Array<{ value: string; label: string; depth?: number }>; empty?: string }) {
  const { key, ...props } = getSelectProps(field, { ariaDescribedBy: describedBy(field, hint) });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <Hint field={field} hint={hint} />
      <select key={key} {...props}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {"\u2003".repeat(option.depth ?? 0)}
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({ field, label, hint }: Common) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaDescribedBy: describedBy(field, hint) });
  return (
    <div className="field field--checkbox">
      <input key={key} {...props} />
      <label htmlFor={field.id}>{label}</label>
      <Hint field={field} hint={hint} />
      <FieldMessages id={field.errorId} errors={field.errors} />
    </div>
  );
}
