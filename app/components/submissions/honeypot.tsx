import { HONEYPOT_FIELD } from "#app/modules/submissions/forms.ts";
import { useSubmissionsT } from "./use-submissions-t.ts";

/** A field people never see and bots fill in; the action then stores nothing. */
export function Honeypot() {
  const { t } = useSubmissionsT();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="submission-homepage">{t("submissions:form.honeypot")}</label>
      <input id="submission-homepage" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
