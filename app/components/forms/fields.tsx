import { Field, inputProps, selectProps, textareaProps, type FieldState } from "./field.tsx";

// The common controls on Field. Anything else (radios, photo pickers, rich text) renders
// its own control inside <Field>.

type Common = { field: FieldState; label: string; hint?: string; lang?: string };

export function InputField({
  field,
  label,
  hint,
  lang,
  type = "text",
  placeholder,
  autoComplete = "off",
  step,
}: Common & {
  type?: "text" | "url" | "email" | "tel" | "password" | "number";
  placeholder?: string;
  autoComplete?: string;
  step?: string;
}) {
  return (
    <Field field={field} label={label} hint={hint}>
      {(control) => (
        <input
          {...inputProps(field, { type: type === "number" ? "text" : type })}
          {...control}
          lang={lang}
          placeholder={placeholder}
          autoComplete={autoComplete}
          inputMode={type === "number" ? "decimal" : undefined}
          step={step}
        />
      )}
    </Field>
  );
}

export function TextAreaField({ field, label, hint, lang, rows = 4 }: Common & { rows?: number }) {
  return (
    <Field field={field} label={label} hint={hint}>
      {(control) => <textarea {...textareaProps(field)} {...control} lang={lang} rows={rows} />}
    </Field>
  );
}

export type SelectOption = { value: string; label: string; depth?: number };

export function SelectField({ field, label, hint, options, empty }: Common & { options: readonly SelectOption[]; empty?: string }) {
  return (
    <Field field={field} label={label} hint={hint}>
      {(control) => (
        <select {...selectProps(field, { placeholder: empty !== undefined })} {...control}>
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {"\u2003".repeat(option.depth ?? 0)}
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function CheckboxField({ field, label, hint, value }: Common & { value?: string }) {
  return (
    <Field field={field} label={label} hint={hint} checkbox>
      {(control) => <input {...inputProps(field, { type: "checkbox", value })} {...control} />}
    </Field>
  );
}
