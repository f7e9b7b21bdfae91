// vt-pbf ships no types: the one function tests/support/map-tiles.ts calls.
declare module "vt-pbf" {
  /** Layers of geojson-vt tiles, by name, as one Mapbox vector tile (protobuf). */
  export function fromGeojsonVt(layers: Record<string, unknown>, options?: { version?: number; extent?: number }): Uint8Array;
}
