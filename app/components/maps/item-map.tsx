import { useEffect, useRef, useState } from "react";
import { useContentT } from "#app/components/content/use-content-t.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { mapPointUrl } from "#app/platform/format/map-link.ts";
import type { GeoPoint } from "#app/platform/geo/radius.ts";
import { useMapTexts } from "./map-texts.ts";
import { useNearScreen } from "./use-near-screen.ts";

/**
 * The small map on an event's, service's or organisation's page: its point (its own, else its
 * city's). The server renders the link to the point on OpenStreetMap, which stays; in the
 * browser the map (and MapLibre) loads only when the block comes near the screen.
 */
export function ItemMap({ point, own }: { point: GeoPoint; /** Its own point; false: its city's. */ own: boolean }) {
  const { t } = useContentT();
  const language = usePageLanguage();
  const texts = useMapTexts();
  const block = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const near = useNearScreen(block) && !failed;
  const textsRef = useRef(texts);
  textsRef.current = texts;

  useEffect(() => {
    if (!near || !canvas.current) return;
    const element = canvas.current;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const at: [number, number] = [point.longitude, point.latitude];
    void (async () => {
      const engine = await import("./map-engine.ts");
      if (cancelled) return;
      const opened = await engine.openMap(element, {
        lang: language,
        texts: textsRef.current,
        view: { center: at, zoom: own ? 15 : 11 },
      });
      if (cancelled) return opened.destroy();
      destroy = opened.destroy;
      engine.pointMarker(opened.map, at);
      // Loaded (openMap waits for it), marker placed: nothing else is coming.
      element.dataset.state = "ready";
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [near, point.latitude, point.longitude, own, language]);

  return (
    <div className="item-map" ref={block}>
      {near ? <div ref={canvas} className="item-map__canvas" data-testid="item-map" /> : null}
      <p className="item-map__links">
        <a href={mapPointUrl(point)} rel="noopener noreferrer">
          {t("map.osm")}
        </a>
        {own ? null : <> {t("map.city_point")}</>}
      </p>
    </div>
  );
}
