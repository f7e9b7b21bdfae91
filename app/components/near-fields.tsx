import { useEffect, useState } from "react";
import { useT, usePageLanguage } from "#app/hooks/use-t.ts";
import { FilterSelect, termOption } from "#app/components/filter-select.tsx";
import { distanceKm, RADII_KM, type GeoPoint, type Radius } from "#app/platform/geo/radius.ts";
import type { LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";

/**
 * The place and radius of a GET filter form (`near`, `radius`: radius.ts), the same on every
 * list. "Nearest to me" appears once the page runs JS: the browser's position, rounded to about
 * a kilometre, picks the nearest place in the select; nothing leaves the browser.
 */
export function NearFields({
  idPrefix,
  locations,
  near,
  radius,
  className,
}: {
  idPrefix: string;
  locations: readonly LocationOption[];
  /** The chosen place's slug, or null. */
  near: string | null;
  radius: Radius;
  /** Wraps each field in a `<div>` of this class (the advert filters' grid). */
  className?: string;
}) {
  const { t } = useT();
  const language = usePageLanguage();
  const placeId = `${idPrefix}-near`;
  const radiusOptions = [
    ...RADII_KM.map((km) => ({ value: String(km), label: t("near.within", { km }) })),
    { value: "any", label: t("near.any_distance") },
  ];
  return (
    <>
      <FilterSelect
        key={`near-${near ?? ""}`}
        id={placeId}
        name="near"
        label={t("near.place")}
        anyLabel={t("near.all_places")}
        defaultValue={near ?? ""}
        options={locations.map((location) => termOption(location, language))}
        className={className}
      />
      <FilterSelect
        key={`radius-${radius ?? ""}`}
        id={`${idPrefix}-radius`}
        name="radius"
        label={t("near.radius")}
        anyLabel={t("near.this_place")}
        defaultValue={radius === null ? "" : String(radius)}
        options={radiusOptions}
        className={className}
      />
      <NearestToMe selectId={placeId} locations={locations} className={className} />
    </>
  );
}

/** About a kilometre: the browser's position is rounded to this many degrees before any use. */
const ROUNDING_DEGREES = 0.01;

function rounded(point: GeoPoint): GeoPoint {
  const round = (value: number) => Math.round(value / ROUNDING_DEGREES) * ROUNDING_DEGREES;
  return { latitude: round(point.latitude), longitude: round(point.longitude) };
}

/** The place with a point nearest to `here`, or null when none has one. */
export function nearestPlace(here: GeoPoint, locations: readonly LocationOption[]): LocationOption | null {
  let best: { place: LocationOption; km: number } | null = null;
  for (const place of locations) {
    if (!place.point) continue;
    const km = distanceKm(here, place.point);
    if (!best || km < best.km) best = { place, km };
  }
  return best?.place ?? null;
}

function NearestToMe({ selectId, locations, className }: { selectId: string; locations: readonly LocationOption[]; className?: string }) {
  const { t } = useT();
  const [canLocate, setCanLocate] = useState(false);
  const [status, setStatus] = useState<string>("");
  // Rendered on the server too, hidden: without JS (or without geolocation) it never shows.
  useEffect(() => setCanLocate(typeof navigator !== "undefined" && "geolocation" in navigator), []);
  if (!locations.some((place) => place.point)) return null;

  function locate() {
    setStatus(t("near.locating"));
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const place = nearestPlace(rounded(position.coords), locations);
        const select = document.getElementById(selectId);
        if (!place || !(select instanceof HTMLSelectElement)) return setStatus(t("near.location_failed"));
        select.value = place.slug;
        setStatus(t("near.location_found", { place: place.name.text }));
      },
      () => setStatus(t("near.location_failed")),
      { maximumAge: 10 * 60 * 1000, timeout: 15_000, enableHighAccuracy: false },
    );
  }

  return (
    <div className={className ? `${className} near-me-field` : "near-me-field"} hidden={!canLocate}>
      <button type="button" className="button button--secondary near-me" onClick={locate} title={t("near.location_private")}>
        {t("near.use_my_location")}
      </button>
      <p className="near-me__status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
