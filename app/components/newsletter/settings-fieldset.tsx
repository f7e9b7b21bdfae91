import type { AnyField } from "#app/components/forms/field.tsx";
import { InputField, SelectField } from "#app/components/forms/fields.tsx";
import { NEWSLETTER_DAYS } from "#app/modules/newsletter/topics.ts";
import { useNewsletterT } from "./use-newsletter-t.ts";

/** The staff settings' newsletter group: the digest's weekday and time, and the sending rate. */
export function NewsletterSettingsFieldset({ field }: { field: (name: string) => AnyField }) {
  const { t } = useNewsletterT();
  return (
    <fieldset className="dash-group">
      <legend>{t("newsletter:settings.legend")}</legend>
      <p className="field__hint">{t("newsletter:settings.lead")}</p>
      <SelectField
        field={field("newsletter_day")}
        label={t("newsletter:settings.day")}
        options={NEWSLETTER_DAYS.map((day) => ({ value: String(day), label: t(`newsletter:settings.days.${day}`) }))}
      />
      <InputField field={field("newsletter_time")} label={t("newsletter:settings.time")} hint={t("newsletter:settings.time_hint")} />
      <InputField
        field={field("newsletter_rate")}
        label={t("newsletter:settings.rate")}
        hint={t("newsletter:settings.rate_hint")}
        type="number"
      />
    </fieldset>
  );
}
