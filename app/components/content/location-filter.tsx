import { Form, useLocation } from "react-router";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { FilterSelect, termOption } from "#app/components/filter-select.tsx";
import type { LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import { useContentT } from "./use-content-t.ts";

/**
 * A GET form that reloads the list for one location (page 1). `keep` carries other
 * parameters of the list (e.g. when=past) through the submit.
 */
export function LocationFilter({
  locations,
  current,
  keep = {},
}: {
  locations: LocationOption[];
  current: string | null;
  keep?: Record<string, string>;
}) {
  const { t } = useContentT();
  const language = usePageLanguage();
  const { pathname } = useLocation();
  if (locations.length === 0) return null;
  return (
    <Form method="get" action={pathname} className="filter-form" role="search" aria-label={t("filter.label")}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FilterSelect
        key={current ?? ""}
        id="location-filter"
        name="location"
        label={t("filter.location")}
        anyLabel={t("filter.all_locations")}
        defaultValue={current ?? ""}
        options={locations.map((location) => termOption(location, language))}
      />
      <button type="submit" className="button button--secondary">
        {t("filter.apply")}
      </button>
    </Form>
  );
}
