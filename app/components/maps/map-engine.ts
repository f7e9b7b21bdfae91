// The maps' browser side, loaded only when a map is shown (PlacesMap, ItemMap, PointPicker
// import it dynamically): MapLibre, its CSS and its worker, a file of the portal's own
// (`?url`), so that a map reaches no other host. The style comes from /map/style.json in the
// site's theme and follows it; places are a clustered GeoJSON source, drawn as circles sized by
// their count with the count as an HTML button (the portal hosts no glyphs for map text), and
// single places as HTML links to their pages, reachable with the keyboard.
import {
  GeoJSONSource,
  LngLatBounds,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
  type StyleSpecification,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import type { Bbox } from "#app/platform/geo/bbox.ts";
import type { PointsGeoJson } from "#app/modules/places/map-points.ts";

setWorkerUrl(new URL(workerUrl, window.location.href).href);

export type MapTexts = {
  /** The map region's accessible name. */
  map: string;
  zoomIn: string;
  zoomOut: string;
  /** A cluster's label: "12 places: zoom in". */
  cluster: (count: number) => string;
};

type Theme = "light" | "dark";

const themeNow = (): Theme => (document.documentElement.classList.contains("p-dark") ? "dark" : "light");
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The style in a theme, its tile URLs made absolute (MapLibre asks for them from its worker). */
async function loadStyle(theme: Theme, lang: string): Promise<StyleSpecification> {
  const response = await fetch(`/map/style.json?theme=${theme}&lang=${lang}`);
  if (!response.ok) throw new Error(`map style: ${response.status}`);
  const style = (await response.json()) as StyleSpecification;
  for (const source of Object.values(style.sources)) {
    if ("tiles" in source && source.tiles)
      source.tiles = source.tiles.map((tile) => new URL(tile, window.location.href).href.replaceAll("%7B", "{").replaceAll("%7D", "}"));
  }
  return style;
}

/** Our own sources and layers (`places…`), carried over when the theme's style replaces the map's. */
const OWN = /^places/;

export type View = { bbox?: Bbox | null; center?: [number, number]; zoom?: number };

/** A map in `container` with the site's style; it follows the theme and respects reduced motion. */
export async function openMap(container: HTMLElement, options: { lang: string; texts: MapTexts; view: View; interactive?: boolean }) {
  let theme = themeNow();
  const style = await loadStyle(theme, options.lang);
  const { view } = options;
  const bounds = view.bbox ? boundsOf(view.bbox) : undefined;
  const map = new MapLibreMap({
    container,
    style,
    ...(bounds ? { bounds } : { center: view.center ?? [15, 50], zoom: view.zoom ?? 3 }),
    // Always shown: the basemap's credit (its licence asks for it) when there is one.
    attributionControl: { compact: false, customAttribution: "MapLibre" },
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    interactive: options.interactive ?? true,
    fadeDuration: reducedMotion() ? 0 : 300,
    locale: {
      "Map.Title": options.texts.map,
      "NavigationControl.ZoomIn": options.texts.zoomIn,
      "NavigationControl.ZoomOut": options.texts.zoomOut,
    },
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  if (options.interactive ?? true) map.addControl(new NavigationControl({ showCompass: false }), "top-right");

  const report = () => {
    const center = map.getCenter();
    container.dataset.centerLng = String(center.lng);
    container.dataset.centerLat = String(center.lat);
    container.dataset.zoom = String(map.getZoom());
  };
  map.on("moveend", report);
  map.on("load", report);

  // The site's theme is the `p-dark` class on <html>: a switch swaps the style, keeping our layers.
  const observer = new MutationObserver(() => {
    const next = themeNow();
    if (next === theme) return;
    theme = next;
    void loadStyle(theme, options.lang).then((nextStyle) =>
      map.setStyle(nextStyle, {
        transformStyle: (previous, fresh) => ({
          ...fresh,
          sources: { ...fresh.sources, ...Object.fromEntries(Object.entries(previous?.sources ?? {}).filter(([id]) => OWN.test(id))) },
          layers: [...fresh.layers, ...(previous?.layers ?? []).filter((layer) => OWN.test(layer.id))],
        }),
      }),
    );
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });

  await new Promise<void>((resolve) => (map.loaded() ? resolve() : map.once("load", () => resolve())));
  return {
    map,
    destroy() {
      observer.disconnect();
      map.remove();
    },
  };
}

function boundsOf({ west, south, east, north }: Bbox): LngLatBounds {
  // Across the antimeridian, east is carried past 180°.
  return new LngLatBounds([west, south], [east < west ? east + 360 : east, north]);
}

/** The map's visible area as a list filters by it. */
export function visibleBbox(map: MapLibreMap): Bbox {
  const bounds = map.getBounds();
  return { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() };
}

/** Moves the map to show all points (none: keeps its view). */
export function fitPoints(map: MapLibreMap, geojson: PointsGeoJson) {
  const coordinates = geojson.features.map((feature) => feature.geometry.coordinates);
  if (coordinates.length === 0) return;
  const bounds = coordinates.reduce((box, point) => box.extend(point), new LngLatBounds(coordinates[0], coordinates[0]));
  const { clientWidth, clientHeight } = map.getContainer();
  const padding = Math.max(0, Math.min(48, clientWidth / 4, clientHeight / 4));
  map.fitBounds(bounds, { padding, maxZoom: 13, animate: false });
}

const CLUSTER_COLOUR = "#1d4ed8";

/** What MapLibre's GeoJSON source takes (its GeoJSON types come with it). */
type SourceData = Parameters<GeoJSONSource["setData"]>[0];

/** The places as a clustered source with their markers; `setData` replaces them. */
export function showPlaces(map: MapLibreMap, geojson: PointsGeoJson, texts: MapTexts) {
  map.addSource("places", { type: "geojson", data: geojson as SourceData, cluster: true, clusterRadius: 48, clusterMaxZoom: 14 });
  map.addLayer({
    id: "places-clusters",
    type: "circle",
    source: "places",
    filter: ["has", "point_count"],
    paint: {
      "circle-color": CLUSTER_COLOUR,
      "circle-opacity": 0.85,
      "circle-stroke-color": "#ffffff",
      "circle-stroke-width": 2,
      "circle-radius": ["step", ["get", "point_count"], 16, 10, 21, 50, 27, 200, 33],
    },
  });
  const source = map.getSource("places") as GeoJSONSource;
  const markers = new Map<string, Marker>();

  function clusterMarker(id: number, count: number, at: [number, number]): Marker {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "map-cluster";
    button.textContent = String(count);
    button.setAttribute("aria-label", texts.cluster(count));
    const size = count < 10 ? 32 : count < 50 ? 42 : count < 200 ? 54 : 66;
    button.style.width = button.style.height = `${size}px`;
    button.dataset.count = String(count);
    button.addEventListener("click", () => {
      void source.getClusterExpansionZoom(id).then((zoom) => {
        const camera = { center: at, zoom: Math.min(zoom, map.getMaxZoom()) };
        if (reducedMotion()) map.jumpTo(camera);
        else map.easeTo({ ...camera, duration: 400 });
      });
    });
    return new Marker({ element: button, anchor: "center" }).setLngLat(at);
  }

  function placeMarker(properties: { title: string; url: string; place: string | null }, at: [number, number]): Marker {
    const link = document.createElement("a");
    link.href = properties.url;
    link.className = "map-marker";
    const label = properties.place ? `${properties.title} — ${properties.place}` : properties.title;
    link.setAttribute("aria-label", label);
    link.title = label;
    link.dataset.lng = String(at[0]);
    link.dataset.lat = String(at[1]);
    return new Marker({ element: link, anchor: "center" }).setLngLat(at);
  }

  function update() {
    if (!map.getSource("places") || !map.isSourceLoaded("places")) return;
    const seen = new Set<string>();
    for (const feature of map.querySourceFeatures("places")) {
      const at = (feature.geometry as unknown as { coordinates: [number, number] }).coordinates;
      const properties = feature.properties as Record<string, unknown>;
      const key = properties.cluster ? `c${String(properties.cluster_id)}` : `p${String(feature.id)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (markers.has(key)) continue;
      const marker = properties.cluster
        ? clusterMarker(Number(properties.cluster_id), Number(properties.point_count), at)
        : placeMarker(properties as { title: string; url: string; place: string | null }, at);
      markers.set(key, marker.addTo(map));
    }
    for (const [key, marker] of markers) {
      if (seen.has(key)) continue;
      marker.remove();
      markers.delete(key);
    }
    map.getContainer().dataset.markers = String(markers.size);
  }
  map.on("render", update);
  map.on("sourcedata", (event) => {
    if (event.sourceId === "places" && event.isSourceLoaded) update();
  });

  return {
    setData(next: PointsGeoJson) {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
      source.setData(next as SourceData);
    },
  };
}

/** One marker that is not a link (an item's own page, the point picker's choice). */
export function pointMarker(map: MapLibreMap, at: [number, number] | null) {
  const element = document.createElement("span");
  element.className = "map-marker map-marker--here";
  element.setAttribute("aria-hidden", "true");
  const marker = new Marker({ element, anchor: "center" });
  let added = false;
  const move = (to: [number, number]) => {
    marker.setLngLat(to);
    if (!added) marker.addTo(map);
    added = true;
  };
  if (at) move(at);
  return { move };
}
