import type { AnyField } from "#app/components/forms/field.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { PointPicker } from "#app/components/maps/point-picker.tsx";
import { useAdminT } from "./use-admin-t.ts";

/** Latitude and longitude of a form's point (`latitude`, `longitude`: taxonomy/schemas.ts), optional, both or neither. */
export function PointFields({ field, cityFallback = false }: { field: (name: string) => AnyField; cityFallback?: boolean }) {
  const { t } = useAdminT();
  return (
    <fieldset className="dash-point">
      <legend>{t("admin:fields.point")}</legend>
      <p className="dash-table__sub">
        {t("admin:hints.point")}
        {cityFallback ? ` ${t("admin:hints.point_city")}` : null}
      </p>
      <div className="dash-bilingual">
        <InputField field={field("latitude")} label={t("admin:fields.latitude")} type="number" autoComplete="off" />
        <InputField field={field("longitude")} label={t("admin:fields.longitude")} type="number" autoComplete="off" />
      </div>
      {/* With JS, a click on the map fills both fields. */}
      <PointPicker latitudeInputId={field("latitude").id} longitudeInputId={field("longitude").id} />
    </fieldset>
  );
}
