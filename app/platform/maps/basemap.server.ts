// The basemap: vector tiles the portal serves itself from a PMTiles file (local storage or the
// S3 bucket), so that no visitor's address reaches a third party. Without a file, maps show
// their points over a plain background. An operator may name a third-party tile host instead
// (MAP_TILE_URL); then the style points there and the CSP allows that host.
import { createHash } from "node:crypto";
import { open, stat } from "node:fs/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { Compression, EtagMismatch, findTile, type Header, PMTiles, SharedPromiseCache, type Source, TileType, zxyToTileId } from "pmtiles";
import { getConfig, type MapsConfig } from "#app/platform/config/config.server.ts";
import { createS3Client, s3Status } from "#app/platform/images/s3-store.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";
import { fileSource, s3Source } from "./pmtiles-sources.server.ts";

export type BasemapInfo = {
  /**
   * The tile URL template the style points at: the portal's own route, path-absolute
   * (`/map/tiles/{z}/{x}/{y}.mvt?v=<archive version>`), or the operator's third-party template.
   * The `v` changes whenever the archive does, so the tiles under it are cached for good.
   */
  tiles: string;
  /** False only for MAP_TILE_URL: the browser then asks another host for tiles. */
  selfHosted: boolean;
  minzoom: number;
  maxzoom: number;
  /** [west, south, east, north] */
  bounds: [number, number, number, number];
  /** [longitude, latitude, zoom]: where the archive says a map of it starts. */
  center: [number, number, number];
  /** The attribution the tiles' licence asks for (HTML-free text). */
  attribution: string;
  /** The vector layers' names in the tiles (for the style's layers). */
  vectorLayers: string[];
};

/** How a stored tile's bytes are compressed: the Content-Encoding to send them with, or null. */
export type TileEncoding = "gzip" | "br" | "zstd" | null;

export type BasemapTile = {
  data: Uint8Array<ArrayBuffer>;
  encoding: TileEncoding;
  /** The archive's version (the `v` of BasemapInfo.tiles): one ETag per archive and tile. */
  version: string;
};

/** The route's URL template; `{z}/{x}/{y}` as MapLibre fills them in. */
const TILE_PATH = "/map/tiles/{z}/{x}/{y}.mvt";
const MAX_TILE_ZOOM = 22;
export const DEFAULT_ATTRIBUTION = "© OpenStreetMap contributors";

/** The layers of the Protomaps basemap schema, which a third-party host (MAP_TILE_URL) must serve. */
const PROTOMAPS_LAYERS = ["boundaries", "buildings", "earth", "landcover", "landuse", "places", "pois", "roads", "transit", "water"];
const WORLD: [number, number, number, number] = [-180, -85.0511, 180, 85.0511];
/** How often a file is looked at again (appeared, replaced) and a failed bucket read retried. */
const RECHECK_MS = 10_000;
/** Headers and directories kept per archive: a country's extract has a few hundred leaf directories. */
const DIRECTORY_CACHE_ENTRIES = 128;

type Archive = {
  pmtiles: PMTiles;
  source: Source;
  header: Header;
  info: BasemapInfo;
  encoding: TileEncoding;
  version: string;
  close(): Promise<void>;
};

type State = {
  config: MapsConfig;
  archive: Promise<Archive | null>;
  /** When the source was last looked at (file stamp, failed open). */
  checkedAt: number;
  /** The file's size, mtime and inode as opened: a replaced file differs. */
  stamp: string | null;
  /** A read found the archive changed since it was opened. */
  stale: boolean;
};

let state: State | undefined;
const complained = new Set<string>();

/** The basemap's description, or null when no basemap file is configured or found. */
export async function basemapInfo(): Promise<BasemapInfo | null> {
  const maps = getConfig().maps;
  if (maps.kind === "remote") return remoteInfo(maps.tileUrl);
  return (await currentArchive())?.info ?? null;
}

/**
 * A tile's bytes as stored (compressed as the archive's tiles are), or null: no basemap, a
 * zoom outside the archive's, or no tile there. z/x/y must be valid tile coordinates.
 */
export async function basemapTile(z: number, x: number, y: number): Promise<BasemapTile | null> {
  if (!validTile(z, x, y)) return null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const archive = await currentArchive();
    if (!archive) return null;
    try {
      const data = await readTile(archive, z, x, y);
      return data && { data, encoding: archive.encoding, version: archive.version };
    } catch (error) {
      if (!(error instanceof EtagMismatch)) throw error;
      // The archive changed under us: open it again, and read once more.
      if (state) state.stale = true;
    }
  }
  return null;
}

/** Integers with 0 ≤ z ≤ 22 and 0 ≤ x, y < 2^z. */
export function validTile(z: number, x: number, y: number): boolean {
  if (![z, x, y].every(Number.isSafeInteger) || z < 0 || z > MAX_TILE_ZOOM) return false;
  const size = 2 ** z;
  return x >= 0 && y >= 0 && x < size && y < size;
}

function remoteInfo(tileUrl: string): BasemapInfo {
  return {
    tiles: tileUrl,
    selfHosted: false,
    minzoom: 0,
    // Protomaps' builds go to 15; MapLibre enlarges the last level beyond it.
    maxzoom: 15,
    bounds: WORLD,
    center: [0, 0, 0],
    attribution: DEFAULT_ATTRIBUTION,
    vectorLayers: PROTOMAPS_LAYERS,
  };
}

async function currentArchive(): Promise<Archive | null> {
  const config = getConfig();
  if (state && state.config === config.maps && !state.stale && Date.now() - state.checkedAt < RECHECK_MS) return state.archive;
  // One look at the source at a time; the requests meanwhile wait for it.
  refreshing ??= refresh(config).finally(() => (refreshing = undefined));
  return refreshing;
}

let refreshing: Promise<Archive | null> | undefined;

/** The archive as it is now: the one opened, unless the file changed or a read found it changed. */
async function refresh(config: ReturnType<typeof getConfig>): Promise<Archive | null> {
  const maps = config.maps;
  const stamp = maps.kind === "file" ? await fileStamp(maps.path) : null;
  if (state && state.config === maps && !state.stale) {
    const archive = await state.archive;
    // A bucket's object is looked at again only when a read found it changed (or it was missing).
    if (maps.kind === "file" ? stamp === state.stamp : archive !== null) {
      state.checkedAt = Date.now();
      return archive;
    }
  }
  const previous = state?.archive;
  state = { config: maps, archive: openSource(maps, stamp, config.storage), checkedAt: Date.now(), stamp, stale: false };
  // Reads of the old archive in progress finish first; its handle closes a while later.
  void previous?.then((archive) => archive && setTimeout(() => void archive.close(), RECHECK_MS).unref());
  return state.archive;
}

async function openSource(
  maps: MapsConfig,
  stamp: string | null,
  storage: ReturnType<typeof getConfig>["storage"],
): Promise<Archive | null> {
  const where = maps.kind === "file" ? maps.path : maps.kind === "s3" ? `s3:${maps.key}` : "";
  try {
    if (maps.kind === "file") {
      if (stamp === null) {
        if (!maps.optional) complainOnce(where, `The basemap ${maps.path} (MAP_PMTILES) is not there: maps show no background`);
        return null;
      }
      const handle = await open(maps.path, "r");
      try {
        const version = shortHash(stamp);
        return await openArchive(fileSource(handle, maps.path, version), version, () => handle.close());
      } catch (error) {
        await handle.close();
        throw error;
      }
    }
    if (maps.kind === "s3") {
      if (storage.kind !== "s3") return null;
      const source = s3Source(createS3Client(storage), storage.bucket, maps.key);
      return await openArchive(source, null, async () => {});
    }
    return null;
  } catch (error) {
    if (s3Status(error) === 404) complainOnce(where, `The basemap ${where} (MAP_PMTILES) is not in the bucket: maps show no background`);
    else logger.error({ err: error, basemap: where }, "The basemap could not be opened: maps show no background");
    // Tried again after RECHECK_MS (a file: once it changes).
    return null;
  }
}

async function openArchive(source: Source, version: string | null, close: () => Promise<void>): Promise<Archive> {
  const pmtiles = new PMTiles(source, new SharedPromiseCache(DIRECTORY_CACHE_ENTRIES, undefined, decompress), decompress);
  const header = await pmtiles.getHeader();
  if (header.specVersion !== 3) throw new Error(`${source.getKey()}: PMTiles version ${header.specVersion}, the portal reads version 3`);
  if (header.tileType !== TileType.Mvt) throw new Error(`${source.getKey()}: not vector tiles (tile type ${header.tileType})`);
  const encoding = TILE_ENCODINGS[header.tileCompression];
  if (encoding === undefined) throw new Error(`${source.getKey()}: tile compression ${header.tileCompression} is not one a browser reads`);
  const metadata = (await pmtiles.getMetadata()) as Record<string, unknown> | null;
  const archiveVersion = version ?? shortHash(header.etag ?? `${header.rootDirectoryOffset}-${header.tileDataLength ?? 0}`);
  const hasBounds = header.minLon < header.maxLon && header.minLat < header.maxLat;
  const bounds: [number, number, number, number] = hasBounds ? [header.minLon, header.minLat, header.maxLon, header.maxLat] : WORLD;
  const info: BasemapInfo = {
    tiles: `${TILE_PATH}?v=${archiveVersion}`,
    selfHosted: true,
    minzoom: header.minZoom,
    maxzoom: header.maxZoom,
    bounds,
    center: [header.centerLon, header.centerLat, header.centerZoom],
    attribution: plainText(metadata?.attribution) || DEFAULT_ATTRIBUTION,
    vectorLayers: layerNames(metadata?.vector_layers),
  };
  logger.info({ basemap: source.getKey(), minzoom: info.minzoom, maxzoom: info.maxzoom }, "basemap opened");
  return { pmtiles, source, header, info, encoding, version: archiveVersion, close };
}

const TILE_ENCODINGS: Partial<Record<Compression, TileEncoding>> = {
  [Compression.None]: null,
  [Compression.Unknown]: null,
  [Compression.Gzip]: "gzip",
  [Compression.Brotli]: "br",
  [Compression.Zstd]: "zstd",
};

/** The directory walk of `pmtiles`' getZxy, without its decompressing the tile (it is sent as stored). */
async function readTile(archive: Archive, z: number, x: number, y: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const { pmtiles, source } = archive;
  const header = await pmtiles.cache.getHeader(source);
  if (z < header.minZoom || z > header.maxZoom) return null;
  const tileId = zxyToTileId(z, x, y);
  let offset = header.rootDirectoryOffset;
  let length = header.rootDirectoryLength;
  for (let depth = 0; depth <= 3; depth++) {
    const directory = await pmtiles.cache.getDirectory(source, offset, length, header);
    const entry = findTile(directory, tileId);
    if (!entry) return null;
    if (entry.runLength > 0) {
      if (entry.length === 0) return null;
      const response = await source.getBytes(header.tileDataOffset + entry.offset, entry.length, undefined, header.etag);
      return new Uint8Array(response.data);
    }
    offset = header.leafDirectoryOffset + entry.offset;
    length = entry.length;
  }
  return null;
}

const gunzip = promisify(zlib.gunzip);
const brotliDecompress = promisify(zlib.brotliDecompress);
const zstdDecompress = promisify(zlib.zstdDecompress);

/** Node's zlib for the archive's directories and metadata (internal compression). */
async function decompress(buffer: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(buffer);
  const plain =
    compression === Compression.None || compression === Compression.Unknown
      ? bytes
      : compression === Compression.Gzip
        ? await gunzip(bytes)
        : compression === Compression.Brotli
          ? await brotliDecompress(bytes)
          : compression === Compression.Zstd
            ? await zstdDecompress(bytes)
            : null;
  if (plain === null) throw new Error(`PMTiles compression ${compression} is not supported`);
  return plain.buffer.slice(plain.byteOffset, plain.byteOffset + plain.byteLength) as ArrayBuffer;
}

async function fileStamp(file: string): Promise<string | null> {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? `${info.size}-${Math.floor(info.mtimeMs)}-${info.ino}` : null;
}

function shortHash(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 12);
}

function complainOnce(key: string, message: string) {
  if (complained.has(key)) return;
  complained.add(key);
  logger.warn({ basemap: key }, message);
}

function layerNames(layers: unknown): string[] {
  if (!Array.isArray(layers)) return [];
  return layers.flatMap((layer) => (typeof (layer as { id?: unknown })?.id === "string" ? [(layer as { id: string }).id] : []));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", copy: "©", nbsp: " " };

/** Metadata's attribution is often HTML (`<a href=…>© OpenStreetMap</a>`): its text only. */
function plainText(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[<>]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** For tests: forget the opened archive (its handle closes). */
export async function closeBasemap(): Promise<void> {
  const archive = await state?.archive;
  state = undefined;
  complained.clear();
  await archive?.close();
}
