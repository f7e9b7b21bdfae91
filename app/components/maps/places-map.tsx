import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppLink } from "#app/components/localized-link.tsx";
import { useContentT } from "#app/components/content/use-content-t.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { bboxParam, type Bbox } from "#app/platform/geo/bbox.ts";
import { formatDistance } from "#app/platform/geo/radius.ts";
import type { PointsGeoJson } from "#app/modules/places/map-points.ts";
import { mapPointUrl } from "#app/platform/format/map-link.ts";
import type { ListMapData } from "#app/modules/places/list-map.server.ts";
import { useMapTexts } from "./map-texts.ts";

/** How long the map rests before the list follows its area (ms). */
const FOLLOW_DELAY = 450;

/** The list's link to its map view and back: `?view=map` (keeping the filters), or the list without the map's area. */
export function MapViewToggle({ shown }: { shown: boolean }) {
  const { t } = useContentT();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("page");
  if (shown) {
    params.delete("view");
    params.delete("bbox");
  } else params.set("view", "map");
  const query = params.toString();
  return (
    <p className="map-view-toggle">
      <AppLink to={query ? `${pathname}?${query}` : pathname} className="button button--secondary" data-testid="map-view-toggle">
        {shown ? t("map.hide") : t("map.show")}
      </AppLink>
    </p>
  );
}

/**
 * A list's places on a map, above the list (`?view=map`). The server renders the places as a
 * list (name, place, distance, a link to the point on OpenStreetMap): that is the page without
 * JS. In the browser the map (MapLibre, loaded only now) takes its place; moving it writes the
 * visible area into the URL (`bbox`, replacing the entry), and the list under it follows.
 */
export function PlacesMap({ data }: { data: ListMapData }) {
  const { t } = useContentT();
  const language = usePageLanguage();
  const texts = useMapTexts();
  // useNavigate, not useSearchParams: the latter would add its code to every page's first load.
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const canvas = useRef<HTMLDivElement>(null);
  // Shown once mounted (JS), ready once drawn; a map that fails leaves the list of places.
  const [shown, setShown] = useState(false);
  const [ready, setReady] = useState(false);
  // What the map's handlers read later, always the latest.
  const latest = useRef({ navigate, texts });
  latest.current = { navigate, texts };
  // The drawn places and the JSON they came from, once the map is there.
  const drawn = useRef<{ url: string; truncated: boolean; show: (url: string) => Promise<void> } | null>(null);

  useEffect(() => setShown(true), []);
  useEffect(() => {
    if (!shown || !canvas.current) return;
    const element = canvas.current;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      const [engine, geojson] = await Promise.all([import("./map-engine.ts"), fetchPoints(data.pointsUrl, null)]);
      if (cancelled) return;
      const opened = await engine.openMap(element, { lang: language, texts: latest.current.texts, view: { bbox: data.bbox } });
      if (cancelled) return opened.destroy();
      destroy = opened.destroy;
      const { map } = opened;
      const places = engine.showPlaces(map, geojson, latest.current.texts);
      if (!data.bbox) engine.fitPoints(map, geojson);
      const current = {
        url: data.pointsUrl,
        truncated: geojson.truncated,
        // Other filters (the same list with another place or radius): their places replace these.
        async show(url: string) {
          const next = await fetchPoints(url, null);
          current.url = url;
          current.truncated = next.truncated;
          places.setData(next.truncated ? await fetchPoints(url, engine.visibleBbox(map)) : next);
        },
      };
      drawn.current = current;
      map.on("moveend", () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          const bbox = engine.visibleBbox(map);
          // More places than one answer holds: the map asks for its area's.
          if (current.truncated) void fetchPoints(current.url, bbox).then((next) => places.setData(next));
          const next = new URLSearchParams(window.location.search);
          next.set("bbox", bboxParam(bbox));
          next.delete("page");
          void latest.current.navigate({ search: `?${next.toString()}` }, { replace: true, preventScrollReset: true });
        }, FOLLOW_DELAY);
      });
      map.once("idle", () => (element.dataset.state = "ready"));
      setReady(true);
    })().catch(() => {
      if (!cancelled) setShown(false);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      drawn.current = null;
      destroy?.();
    };
    // The map is made once; later loads (the list following the map) keep it.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  useEffect(() => {
    if (drawn.current && drawn.current.url !== data.pointsUrl) void drawn.current.show(data.pointsUrl).catch(() => {});
  }, [data.pointsUrl]);

  const withoutArea = new URLSearchParams(search);
  withoutArea.delete("bbox");
  withoutArea.delete("page");
  return (
    <section className="places-map" aria-labelledby="places-map-title">
      <h2 id="places-map-title" className={ready ? "visually-hidden" : "places-map__title"}>
        {t("map.places")}
      </h2>
      {shown ? <div ref={canvas} className="places-map__canvas" data-testid="places-map" data-kind={data.kind} /> : null}
      {data.bbox ? (
        <p className="places-map__note">
          {t("map.area_note")} <AppLink to={`${pathname}?${withoutArea.toString()}`}>{t("map.whole_area")}</AppLink>
        </p>
      ) : null}
      <div className="places-map__list" hidden={ready} data-testid="places-list">
        {data.points.length > 0 ? (
          <ul>
            {data.points.map((point) => (
              <li key={point.id}>
                <AppLink to={point.url}>{point.title}</AppLink>
                {point.place ? <span className="places-map__place">{point.place}</span> : null}
                {point.distanceKm !== null ? (
                  <span className="places-map__distance">{formatDistance(point.distanceKm, language)}</span>
                ) : null}
                <a className="places-map__osm" href={mapPointUrl(point)} rel="noopener noreferrer">
                  {t("map.osm")}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("map.no_places")}</p>
        )}
        {data.truncated ? <p>{t("map.places_truncated", { n: data.points.length })}</p> : null}
      </div>
    </section>
  );
}

async function fetchPoints(url: string, bbox: Bbox | null): Promise<PointsGeoJson> {
  const target = new URL(url, window.location.href);
  if (bbox) target.searchParams.set("bbox", bboxParam(bbox));
  const response = await fetch(target);
  if (!response.ok) throw new Error(`map points: ${response.status}`);
  return (await response.json()) as PointsGeoJson;
}
