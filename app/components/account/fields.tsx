import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useAccountT } from "./use-account-t";
import { useState } from "react";
import { passwordStrength } from "~/modules/auth/password-policy";

type Translate = ReturnType<typeof useAccountT>["t"];

/** Error messages are translation keys (`auth:errors.email_invalid`), some with values (`key|{"minutes":3}`). */
export function translateError(t: Translate, message: string): string {
  const [key, values] = message.split("|", 2) as [string, string | undefined];
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return translate(key, values ? (JSON.parse(values) as Record<string, unknown>) : {});
}

export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useAccountT();
  if (!errors?.length) return null;
  return (
    <p id={id} className="field__error">
      {errors.map((error) => translateError(t, error)).join(" ")}
    </p>
  );
}

export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useAccountT();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form__errors" role="alert">
      {errors.map((error) => (
        <p key={error}>{translateError(t, error)}</p>
      ))}
    </div>
  );
}

type TextFieldProps = {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  hint?: string;
};

export function TextField({ field, label, type = "text", autoComplete, hint }: TextFieldProps) {
  const hintId = `${field.id}-hint`;
  const { key, ...inputProps } = getInputProps(field, { type });
  const describedBy = [hint ? hintId : null, inputProps["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input key={key} {...inputProps} autoComplete={autoComplete} aria-describedby={describedBy} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A new-password field with the strength meter (SPEC labels Weak, Medium, Strong and the
 * prompt "Enter a password"), computed by the same zod rules the server checks.
 */
export function NewPasswordField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  const { t } = useAccountT();
  const [value, setValue] = useState("");
  const strength = passwordStrength(value);
  const meterId = `${field.id}-strength`;
  const rulesId = `${field.id}-rules`;
  const { key, ...inputProps } = getInputProps(field, { type: "password" });
  const describedBy = [rulesId, meterId, inputProps["aria-describedby"]].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <p id={rulesId} className="field__hint">
        {t("auth:password.rules")}
      </p>
      <input
        key={key}
        {...inputProps}
        autoComplete="new-password"
        aria-describedby={describedBy}
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      <div className={`password-strength password-strength--${strength}`} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p id={meterId} className="password-strength__label" aria-live="polite">
        {strength === "empty" ? t("auth:password.prompt") : `${t("auth:password.strength")}: ${t(`auth:password.${strength}`)}`}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
