// A small basemap for tests: the demo's cities in Poland, Berlin and Prague, a few roads and
// streets, a sea and a lake, cut into vector tiles z0–z8 with geojson-vt and vt-pbf, gzipped,
// and written as a PMTiles v3 archive by the writer below (header, root directory, metadata,
// tile data: https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md). The layers
// and their `kind`s are the Protomaps basemap's, so its style draws them.
//
//   const archive = buildTestBasemap();          // { bytes, tiles, ... }
//   writeFileSync(file, archive.bytes);
import { gzipSync } from "node:zlib";
import GeoJSONVT from "geojson-vt";
import { fromGeojsonVt } from "vt-pbf";
import { zxyToTileId } from "pmtiles";
import { LOCATION_POINTS } from "../../scripts/seed/places.ts";

type Position = [number, number];
type Geometry =
  | { type: "Point"; coordinates: Position }
  | { type: "LineString"; coordinates: Position[] }
  | { type: "Polygon"; coordinates: Position[][] };
type Feature = { type: "Feature"; geometry: Geometry; properties: Record<string, string | number | boolean> };
type FeatureCollection = { type: "FeatureCollection"; features: Feature[] };

/** Poland with Berlin and Prague: [west, south, east, north]. */
export const TEST_BASEMAP_BOUNDS: [number, number, number, number] = [12.0, 48.5, 24.5, 55.0];
export const TEST_BASEMAP_MAXZOOM = 8;
export const TEST_BASEMAP_ATTRIBUTION = '<a href="https://openstreetmap.org/copyright">© OpenStreetMap</a> contributors &amp; test';
export const TEST_BASEMAP_LAYERS = ["earth", "water", "roads", "places"] as const;

const [WEST, SOUTH, EAST, NORTH] = TEST_BASEMAP_BOUNDS;

function feature(geometry: Geometry, properties: Record<string, string | number | boolean>): Feature {
  return { type: "Feature", geometry, properties };
}

const point = (name: keyof typeof LOCATION_POINTS): [number, number] => {
  const [latitude, longitude] = LOCATION_POINTS[name]!;
  return [longitude, latitude];
};

const CITY_NAMES: Record<string, { uk: string; en: string; population_rank: number }> = {
  varshava: { uk: "Варшава", en: "Warsaw", population_rank: 13 },
  krakiv: { uk: "Краків", en: "Kraków", population_rank: 12 },
  vrotslav: { uk: "Вроцлав", en: "Wrocław", population_rank: 12 },
  berlin: { uk: "Берлін", en: "Berlin", population_rank: 14 },
  praha: { uk: "Прага", en: "Prague", population_rank: 13 },
  velichka: { uk: "Величка", en: "Wieliczka", population_rank: 8 },
  katovitse: { uk: "Катовиці", en: "Katowice", population_rank: 11 },
  lodz: { uk: "Лодзь", en: "Łódź", population_rank: 12 },
  prushkuv: { uk: "Прушкув", en: "Pruszków", population_rank: 9 },
  potsdam: { uk: "Потсдам", en: "Potsdam", population_rank: 10 },
};

/** The GeoJSON of each layer. */
export function testBasemapLayers(): Record<(typeof TEST_BASEMAP_LAYERS)[number], FeatureCollection> {
  const ring = (west: number, south: number, east: number, north: number): Position[][] => [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ];
  const places = Object.entries(CITY_NAMES).map(([slug, names]) =>
    feature(
      { type: "Point", coordinates: point(slug) },
      {
        kind: "locality",
        name: names.en,
        "name:uk": names.uk,
        "name:en": names.en,
        population_rank: names.population_rank,
        min_zoom: names.population_rank >= 12 ? 3 : 6,
        ...(slug === "varshava" || slug === "berlin" || slug === "praha" ? { capital: "yes" } : {}),
      },
    ),
  );
  const warsaw = point("varshava");
  const roads = [
    feature(
      { type: "LineString", coordinates: [warsaw, point("lodz"), point("vrotslav"), point("berlin")] },
      { kind: "highway", ref: "A2" },
    ),
    feature(
      { type: "LineString", coordinates: [point("katovitse"), point("krakiv"), point("velichka")] },
      { kind: "major_road", ref: "A4" },
    ),
    feature({ type: "LineString", coordinates: [point("berlin"), point("potsdam")] }, { kind: "major_road" }),
    feature({ type: "LineString", coordinates: [point("vrotslav"), point("praha")] }, { kind: "major_road" }),
    // "Streets" in Warsaw: a cross through the centre.
    feature(
      {
        type: "LineString",
        coordinates: [
          [20.98, 52.2297],
          [21.05, 52.2297],
        ],
      },
      { kind: "minor_road", name: "Marszałkowska" },
    ),
    feature(
      {
        type: "LineString",
        coordinates: [
          [21.0122, 52.2],
          [21.0122, 52.26],
        ],
      },
      { kind: "minor_road", name: "Jerozolimskie" },
    ),
  ];
  return {
    earth: {
      type: "FeatureCollection",
      features: [feature({ type: "Polygon", coordinates: ring(WEST, SOUTH, EAST, 54.6) }, { kind: "earth" })],
    },
    water: {
      type: "FeatureCollection",
      features: [
        feature({ type: "Polygon", coordinates: ring(WEST, 54.6, EAST, NORTH) }, { kind: "ocean", name: "Baltic Sea" }),
        // Zalew Zegrzyński, north of Warsaw (roughly).
        feature({ type: "Polygon", coordinates: ring(21.0, 52.45, 21.1, 52.5) }, { kind: "lake", name: "Zalew Zegrzyński" }),
      ],
    },
    roads: { type: "FeatureCollection", features: roads },
    places: { type: "FeatureCollection", features: places },
  };
}

/** The tiles x or y covering a longitude or latitude at zoom z. */
export function lonToTileX(lon: number, z: number): number {
  return Math.min(2 ** z - 1, Math.floor(((lon + 180) / 360) * 2 ** z));
}

export function latToTileY(lat: number, z: number): number {
  const radians = (lat * Math.PI) / 180;
  return Math.min(2 ** z - 1, Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * 2 ** z));
}

export type TestTile = { z: number; x: number; y: number; tileId: number; plain: Uint8Array; gzipped: Uint8Array; layers: string[] };

export type TestBasemap = {
  /** The whole archive. */
  bytes: Uint8Array;
  /** Every tile written, in tile-id order. */
  tiles: TestTile[];
  metadata: Record<string, unknown>;
};

/** Cuts the layers into tiles z0..maxZoom over the bounds and writes the PMTiles archive. */
export function buildTestBasemap({ maxZoom = TEST_BASEMAP_MAXZOOM }: { maxZoom?: number } = {}): TestBasemap {
  const layers = testBasemapLayers();
  const indexes = Object.entries(layers).map(
    ([name, collection]) => [name, new GeoJSONVT(collection, { maxZoom, indexMaxZoom: maxZoom })] as const,
  );
  const tiles: TestTile[] = [];
  for (let z = 0; z <= maxZoom; z++) {
    for (let x = lonToTileX(WEST, z); x <= lonToTileX(EAST, z); x++) {
      for (let y = latToTileY(NORTH, z); y <= latToTileY(SOUTH, z); y++) {
        const present = Object.fromEntries(
          indexes.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y);
            return tile && tile.features.length > 0 ? [[name, tile]] : [];
          }),
        );
        if (Object.keys(present).length === 0) continue;
        const plain = fromGeojsonVt(present, { version: 2, extent: 4096 });
        tiles.push({
          z,
          x,
          y,
          tileId: zxyToTileId(z, x, y),
          plain: new Uint8Array(plain),
          gzipped: new Uint8Array(gzipSync(plain)),
          layers: Object.keys(present),
        });
      }
    }
  }
  tiles.sort((a, b) => a.tileId - b.tileId);
  const metadata = {
    name: "portal test basemap",
    format: "pbf",
    attribution: TEST_BASEMAP_ATTRIBUTION,
    vector_layers: TEST_BASEMAP_LAYERS.map((id) => ({ id, fields: {}, minzoom: 0, maxzoom: maxZoom })),
  };
  return { bytes: writePmtiles(tiles, metadata, maxZoom), tiles, metadata };
}

// --- PMTiles v3 writer: one root directory, no leaves (enough for a few thousand tiles). ---

const HEADER_BYTES = 127;
const GZIP = 2;
const MVT = 1;

function writeVarint(out: number[], value: number) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

type DirectoryEntry = { tileId: number; offset: number; length: number; runLength: number };

/** The spec's directory: count, tile-id deltas, run lengths, lengths, offsets (0 = right after the previous). */
function serializeDirectory(entries: DirectoryEntry[]): Uint8Array {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    writeVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) writeVarint(out, entry.runLength);
  for (const entry of entries) writeVarint(out, entry.length);
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    writeVarint(out, previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return Uint8Array.from(out);
}

function writePmtiles(tiles: TestTile[], metadata: object, maxZoom: number): Uint8Array {
  const entries: DirectoryEntry[] = [];
  let offset = 0;
  for (const tile of tiles) {
    entries.push({ tileId: tile.tileId, offset, length: tile.gzipped.length, runLength: 1 });
    offset += tile.gzipped.length;
  }
  const root = gzipSync(serializeDirectory(entries));
  if (HEADER_BYTES + root.length > 16_384) throw new Error("the test basemap's root directory needs leaf directories");
  const json = gzipSync(Buffer.from(JSON.stringify(metadata)));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leafOffset = metadataOffset + json.length;
  const dataOffset = leafOffset;
  const dataLength = offset;

  const header = Buffer.alloc(HEADER_BYTES);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(root.length, 16);
  u64(metadataOffset, 24);
  u64(json.length, 32);
  u64(leafOffset, 40);
  u64(0, 48);
  u64(dataOffset, 56);
  u64(dataLength, 64);
  u64(tiles.length, 72); // addressed tiles
  u64(entries.length, 80); // tile entries
  u64(tiles.length, 88); // tile contents
  header.writeUInt8(1, 96); // clustered: tile data in tile-id order
  header.writeUInt8(GZIP, 97); // internal compression
  header.writeUInt8(GZIP, 98); // tile compression
  header.writeUInt8(MVT, 99);
  header.writeUInt8(0, 100);
  header.writeUInt8(maxZoom, 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.writeInt32LE(e7(WEST), 102);
  header.writeInt32LE(e7(SOUTH), 106);
  header.writeInt32LE(e7(EAST), 110);
  header.writeInt32LE(e7(NORTH), 114);
  const [centerLon, centerLat] = point("varshava");
  header.writeUInt8(6, 118);
  header.writeInt32LE(e7(centerLon), 119);
  header.writeInt32LE(e7(centerLat), 123);

  return new Uint8Array(Buffer.concat([header, root, json, ...tiles.map((tile) => tile.gzipped)]));
}
