import { useEffect, useState } from "react";
import { Field, inputProps, type FieldState } from "#app/components/forms/field.tsx";
import { passwordStrength } from "#app/modules/auth/password-rules.ts";
import { useAccountT } from "./use-account-t.ts";

/**
 * A new-password field with the strength meter (labels Weak, Medium, Strong and the
 * prompt "Enter a password"), computed by the same zod rules the server checks.
 */
export function NewPasswordField({ field, label }: { field: FieldState; label: string }) {
  const { t } = useAccountT();
  const [value, setValue] = useState("");
  // Typed before the form hydrated (on a page that loads it later, deferred.tsx): measured now.
  useEffect(() => {
    const input = document.getElementById(field.id);
    if (input instanceof HTMLInputElement && input.value) setValue(input.value);
    // Once, when the field hydrates.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const strength = passwordStrength(value);
  const rulesId = `${field.id}-rules`;
  const meterId = `${field.id}-strength`;
  return (
    <Field field={field} label={label} describedBy={[rulesId, meterId]}>
      {(control) => (
        <>
          <p id={rulesId} className="field__hint">
            {t("auth:password.rules")}
          </p>
          <input
            {...inputProps(field, { type: "password" })}
            {...control}
            autoComplete="new-password"
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
        </>
      )}
    </Field>
  );
}
