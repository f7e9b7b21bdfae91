import { Form, useLocation } from "react-router";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { NearFields } from "#app/components/near-fields.tsx";
import type { NearChoice } from "#app/modules/content/near-list.ts";
import type { LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import { useContentT } from "./use-content-t.ts";

/**
 * The GET form of the lists of events, services and organisations: a place, how far from it
 * (NearFields) and "nearest first", reloading the list at page 1. `keep` carries other
 * parameters of the list (e.g. when=past) through the submit. The server sends a submit on to
 * the clean address (content/near-list.server.ts).
 */
export function LocationFilter({
  locations,
  current,
  keep = {},
}: {
  locations: LocationOption[];
  current: NearChoice;
  keep?: Record<string, string>;
}) {
  const { t } = useContentT();
  const { t: tc } = useTranslation("common", { lng: usePageLanguage() });
  const { pathname } = useLocation();
  if (locations.length === 0) return null;
  return (
    <Form method="get" action={pathname} className="filter-form" role="search" aria-label={t("filter.label")}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <NearFields idPrefix="list-filter" locations={locations} near={current.near} radius={current.radius} />
      {locations.some((place) => place.point) ? (
        <span className="filter-form__check">
          <input
            key={`sort-${current.sort ?? ""}`}
            type="checkbox"
            id="list-filter-sort"
            name="sort"
            value="nearest"
            defaultChecked={current.sort === "nearest"}
          />
          <label htmlFor="list-filter-sort">{tc("near.nearest_first")}</label>
        </span>
      ) : null}
      <button type="submit" className="button button--secondary">
        {t("filter.apply")}
      </button>
    </Form>
  );
}
