import { useContentT } from "#app/components/content/use-content-t.ts";
import type { MapTexts } from "./map-engine.ts";

/** The map's own words (its region, zoom buttons, a cluster's label), read while rendering so the page's messages hold them. */
export function useMapTexts(): MapTexts {
  const { t } = useContentT();
  const cluster = t("map.cluster");
  return {
    map: t("map.title"),
    zoomIn: t("map.zoom_in"),
    zoomOut: t("map.zoom_out"),
    cluster: (count) => cluster.replace("{{n}}", String(count)),
  };
}
