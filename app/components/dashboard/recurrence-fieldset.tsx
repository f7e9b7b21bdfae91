import type { AnyField } from "#app/components/forms/field.tsx";
import { FieldErrors } from "#app/components/forms/error-list.tsx";
import { InputField, SelectField } from "#app/components/forms/fields.tsx";
import { MONTH_WEEKS, REPEATS, SERIES_ENDS, WEEKDAYS } from "#app/modules/posters/series.ts";
import { tKey, useAdminT } from "./use-admin-t.ts";

/**
 * "Repeats" of an event (recurrence-schema.ts): how often, on which days, until when. Every part
 * is in the markup; the stylesheet hides the parts the chosen repeat and end do not use
 * (`:has`, so without JS too).
 */
export function RecurrenceFieldset({ field }: { field: (name: string) => AnyField }) {
  const { t } = useAdminT();
  const days = field("repeat_days");
  const checked = new Set(([] as unknown[]).concat(days.initialValue ?? []).map(String));
  const weekday = (day: string) => tKey(t, `admin:series.days.${day}`);
  return (
    <fieldset className="dash-series">
      <legend>{t("admin:series.legend")}</legend>
      <div className="dash-series__repeat">
        <SelectField
          field={field("repeat")}
          label={t("admin:series.repeat")}
          options={REPEATS.map((value) => ({ value, label: tKey(t, `admin:series.repeats.${value}`) }))}
        />
      </div>
      <div className="dash-series__every">
        <InputField
          field={field("repeat_interval")}
          label={t("admin:series.interval")}
          hint={t("admin:series.interval_hint")}
          type="number"
        />
      </div>
      <fieldset className="dash-series__weekly" aria-describedby={days.errors?.length ? days.errorId : undefined}>
        <legend>{t("admin:series.weekdays")}</legend>
        <ul className="dash-series__days">
          {WEEKDAYS.map((day) => (
            <li key={day}>
              <label>
                <input type="checkbox" name={days.name} value={day} defaultChecked={checked.has(day)} /> {weekday(day)}
              </label>
            </li>
          ))}
        </ul>
        <FieldErrors id={days.errorId} errors={days.errors} />
      </fieldset>
      <div className="dash-series__monthly dash-bilingual">
        <SelectField
          field={field("repeat_month_week")}
          label={t("admin:series.month_week")}
          options={MONTH_WEEKS.map((value) => ({ value: String(value), label: tKey(t, `admin:series.weeks.${value}`) }))}
        />
        <SelectField
          field={field("repeat_month_day")}
          label={t("admin:series.month_day")}
          options={WEEKDAYS.map((value) => ({ value, label: weekday(value) }))}
        />
      </div>
      <div className="dash-series__end">
        <SelectField
          field={field("repeat_end")}
          label={t("admin:series.end")}
          options={SERIES_ENDS.map((value) => ({ value, label: tKey(t, `admin:series.ends.${value}`) }))}
        />
        <div className="dash-series__until">
          <InputField
            field={field("repeat_until")}
            label={t("admin:series.until")}
            hint={t("admin:series.until_hint")}
            placeholder={t("admin:series.until_placeholder")}
          />
        </div>
        <div className="dash-series__count">
          <InputField field={field("repeat_count")} label={t("admin:series.count")} hint={t("admin:series.count_hint")} type="number" />
        </div>
      </div>
    </fieldset>
  );
}
