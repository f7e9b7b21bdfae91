import type { AnyField } from "#app/components/forms/field.tsx";
import { CheckboxField } from "#app/components/forms/fields.tsx";
import { useSecurityT } from "./use-security-t.ts";

/** The dashboard settings' security group: whether staff must use two-factor sign-in. */
export function StaffTwoFactorFieldset({ field }: { field: AnyField }) {
  const { t } = useSecurityT();
  return (
    <fieldset className="dash-group">
      <legend>{t("security:title")}</legend>
      <CheckboxField field={field} label={t("security:settings.staff_two_factor")} />
    </fieldset>
  );
}
