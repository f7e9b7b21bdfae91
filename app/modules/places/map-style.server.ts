import { layers, namedFlavor } from "@protomaps/basemaps";
import { badRequest } from "#app/platform/http/errors.ts";
import { basemapInfo } from "#app/platform/maps/basemap.server.ts";

// The maps' MapLibre style (route map-style): the basemap's vector tiles, drawn with the
// Protomaps layers of the site's theme, or a plain background without a basemap. The portal
// hosts no fonts and no sprite, so the style has no text or icon (symbol) layers and names no
// glyph or sprite URL: nothing a map loads leaves the portal.

export type StyleOptions = { theme: "light" | "dark"; lang: "uk" | "en" };

/** The licence of the OpenStreetMap data in Protomaps tiles asks for this credit. */
const OSM_ATTRIBUTION = "© OpenStreetMap contributors, Protomaps";

/** `?theme=light|dark&lang=uk|en` (each may be left out: light, Ukrainian); other values are a 400. */
export function parseStyleOptions(url: URL): StyleOptions {
  const pick = <T extends string>(name: string, values: readonly T[]): T => {
    const all = url.searchParams.getAll(name);
    if (all.length === 0) return values[0]!;
    if (all.length > 1 || !values.includes(all[0] as T)) badRequest();
    return all[0] as T;
  };
  return { theme: pick("theme", ["light", "dark"] as const), lang: pick("lang", ["uk", "en"] as const) };
}

export async function mapStyle({ theme }: StyleOptions) {
  const flavor = namedFlavor(theme);
  const basemap = await basemapInfo();
  if (!basemap) {
    return {
      version: 8 as const,
      name: `portal-${theme}`,
      sources: {},
      layers: [{ id: "background", type: "background" as const, paint: { "background-color": flavor.earth } }],
    };
  }
  const attribution = basemap.attribution.includes("OpenStreetMap") ? basemap.attribution : OSM_ATTRIBUTION;
  return {
    version: 8 as const,
    name: `portal-${theme}`,
    sources: {
      basemap: {
        type: "vector" as const,
        // Relative to the portal; the map in the browser resolves it against the page.
        tiles: [basemap.tiles],
        minzoom: basemap.minzoom,
        maxzoom: basemap.maxzoom,
        bounds: basemap.bounds,
        attribution,
      },
    },
    // Without the `lang` option Protomaps leaves out its label layers; text needs glyphs we do not host.
    layers: layers("basemap", flavor).filter((layer) => layer.type !== "symbol"),
  };
}
