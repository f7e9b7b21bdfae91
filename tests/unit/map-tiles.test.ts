// The portal's own basemap: the test archive (tests/support/map-tiles.ts) reads back with the
// `pmtiles` reader; `basemapInfo()` and `/map/tiles/:z/:x/:y.mvt` over a local file, over an
// object in an S3 bucket (ranged GETs against s3rver), and without any; hostile coordinates
// get a 400, never a 500; through the real server the stored gzip is sent once, not compressed again.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { PMTiles, type Source, TileType, Compression } from "pmtiles";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as tilesRoute from "#app/routes/map-tiles/route.ts";
import { loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { basemapInfo, basemapTile, closeBasemap, DEFAULT_ATTRIBUTION } from "#app/platform/maps/basemap.server.ts";
import { tileCoordinates } from "#app/platform/maps/tile-response.server.ts";
import { createS3Client } from "#app/platform/images/s3-store.server.ts";
import {
  buildTestBasemap,
  latToTileY,
  lonToTileX,
  TEST_BASEMAP_BOUNDS,
  TEST_BASEMAP_LAYERS,
  TEST_BASEMAP_MAXZOOM,
  type TestBasemap,
} from "../support/map-tiles.ts";
import { callRoute } from "../support/route.ts";
import { startS3Server, type TestS3 } from "../support/s3-server.ts";
import { listenAppServer } from "../support/app-server.ts";
import { useClientDir } from "../support/client-dir.ts";
import { useTestDatabase } from "../support/db.ts";
import { testBuild } from "../support/loader-build.ts";

const SECRET = "x".repeat(40);
const archive: TestBasemap = buildTestBasemap();
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-maps-"));
  dirs.push(dir);
  return dir;
}

/** A DATA_DIR with the test archive at the default place, made the process's config. */
function useLocalBasemap(env: Record<string, string> = {}): string {
  const dir = dataDir();
  mkdirSync(path.join(dir, "maps"));
  writeFileSync(path.join(dir, "maps", "basemap.pmtiles"), archive.bytes);
  setConfig(loadConfig({ DATA_DIR: dir, SESSION_SECRET: SECRET, ...env }));
  return dir;
}

afterEach(async () => {
  await closeBasemap();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function memorySource(bytes: Uint8Array): Source {
  return {
    getKey: () => "memory",
    getBytes: async (offset, length) => ({ data: bytes.slice(offset, offset + length).buffer }),
  };
}

function tileAt(z: number, x: number, y: number) {
  return callRoute(tilesRoute.loader, { url: `/map/tiles/${z}/${x}/${y}.mvt`, params: { z: String(z), x: String(x), y: `${y}.mvt` } });
}

function tileAtPath(pathname: string, headers?: HeadersInit) {
  const [z, x, y] = pathname.split("?")[0]!.split("/").slice(3);
  return callRoute(tilesRoute.loader, { url: pathname, params: { z, x, y }, headers });
}

// --- A minimal reader of the Mapbox vector tile protobuf: layer names, feature counts, string values. ---
type DecodedLayer = { name: string; features: number; keys: string[]; strings: string[]; version: number };

function decodeTile(bytes: Uint8Array): DecodedLayer[] {
  const layers: DecodedLayer[] = [];
  for (const [field, value] of fields(bytes)) if (field === 3 && value instanceof Uint8Array) layers.push(decodeLayer(value));
  return layers;
}

function decodeLayer(bytes: Uint8Array): DecodedLayer {
  const layer: DecodedLayer = { name: "", features: 0, keys: [], strings: [], version: 1 };
  const text = new TextDecoder();
  for (const [field, value] of fields(bytes)) {
    if (field === 1 && value instanceof Uint8Array) layer.name = text.decode(value);
    if (field === 2) layer.features++;
    if (field === 3 && value instanceof Uint8Array) layer.keys.push(text.decode(value));
    if (field === 4 && value instanceof Uint8Array) {
      for (const [inner, content] of fields(value))
        if (inner === 1 && content instanceof Uint8Array) layer.strings.push(text.decode(content));
    }
    if (field === 15 && typeof value === "number") layer.version = value;
  }
  return layer;
}

function* fields(bytes: Uint8Array): Generator<[number, number | Uint8Array]> {
  let position = 0;
  const varint = () => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[position++]!;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 0x80;
    }
  };
  while (position < bytes.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) yield [field, varint()];
    else if (wire === 2) {
      const length = varint();
      yield [field, bytes.subarray(position, position + length)];
      position += length;
    } else if (wire === 1) position += 8;
    else if (wire === 5) position += 4;
    else throw new Error(`wire type ${wire}`);
  }
}

const warsaw = { z: 8, x: lonToTileX(21.0122, 8), y: latToTileY(52.2297, 8) };

describe("the test archive", () => {
  it("reads back with the pmtiles reader: header, metadata, every tile", async () => {
    const reader = new PMTiles(memorySource(archive.bytes));
    const header = await reader.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      tileType: TileType.Mvt,
      tileCompression: Compression.Gzip,
      internalCompression: Compression.Gzip,
      minZoom: 0,
      maxZoom: TEST_BASEMAP_MAXZOOM,
      numAddressedTiles: archive.tiles.length,
      clustered: true,
    });
    expect([header.minLon, header.minLat, header.maxLon, header.maxLat].map((value) => Number(value.toFixed(4)))).toEqual(
      TEST_BASEMAP_BOUNDS,
    );
    const metadata = (await reader.getMetadata()) as { vector_layers: { id: string }[] };
    expect(metadata.vector_layers.map((layer) => layer.id)).toEqual([...TEST_BASEMAP_LAYERS]);
    for (const tile of archive.tiles) {
      const read = await reader.getZxy(tile.z, tile.x, tile.y);
      expect(new Uint8Array(read!.data), `${tile.z}/${tile.x}/${tile.y}`).toEqual(tile.plain);
    }
    expect(await reader.getZxy(5, 0, 0)).toBeUndefined();
  });

  it("has tiles at every zoom, and Warsaw's z8 tile has its four layers", () => {
    expect(new Set(archive.tiles.map((tile) => tile.z)).size).toBe(TEST_BASEMAP_MAXZOOM + 1);
    const tile = archive.tiles.find((candidate) => candidate.z === warsaw.z && candidate.x === warsaw.x && candidate.y === warsaw.y)!;
    const layers = decodeTile(tile.plain);
    expect(layers.map((layer) => layer.name).sort()).toEqual(["earth", "places", "roads", "water"]);
    expect(layers.find((layer) => layer.name === "places")!.strings).toContain("Warsaw");
    expect(layers.every((layer) => layer.version === 2)).toBe(true);
  });
});

describe("the basemap from a local file", () => {
  it("describes itself: zooms, bounds, centre, attribution as text, layers, the tile URL with its version", async () => {
    useLocalBasemap();
    const info = await basemapInfo();
    expect(info).toMatchObject({ selfHosted: true, minzoom: 0, maxzoom: TEST_BASEMAP_MAXZOOM, vectorLayers: [...TEST_BASEMAP_LAYERS] });
    expect(info!.bounds.map((value) => Number(value.toFixed(4)))).toEqual(TEST_BASEMAP_BOUNDS);
    expect(info!.center[2]).toBe(6);
    expect(info!.attribution).toBe("© OpenStreetMap contributors & test");
    expect(info!.tiles).toMatch(/^\/map\/tiles\/\{z\}\/\{x\}\/\{y\}\.mvt\?v=[\w-]+$/);
  });

  it("answers a tile: 200, vector tile type, gzip as stored, a day's caching and an ETag; immutable under the current v", async () => {
    useLocalBasemap();
    const stored = archive.tiles.find((tile) => tile.z === warsaw.z && tile.x === warsaw.x && tile.y === warsaw.y)!;
    const response = await tileAtPath(`/map/tiles/${warsaw.z}/${warsaw.x}/${warsaw.y}.mvt`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.mapbox-vector-tile");
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body).toEqual(stored.gzipped);
    expect(
      decodeTile(gunzipSync(body))
        .map((layer) => layer.name)
        .sort(),
    ).toEqual(["earth", "places", "roads", "water"]);

    const etag = response.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+-8-\d+-\d+-gzip"$/);
    const again = await tileAtPath(`/map/tiles/${warsaw.z}/${warsaw.x}/${warsaw.y}.mvt`, {
      "Accept-Encoding": "gzip",
      "If-None-Match": etag,
    });
    expect(again.status).toBe(304);

    const version = new URLSearchParams((await basemapInfo())!.tiles.split("?")[1]).get("v");
    const current = await tileAtPath(`/map/tiles/${warsaw.z}/${warsaw.x}/${warsaw.y}.mvt?v=${version}`, { "Accept-Encoding": "gzip" });
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const old = await tileAtPath(`/map/tiles/${warsaw.z}/${warsaw.x}/${warsaw.y}.mvt?v=old`, { "Accept-Encoding": "gzip" });
    expect(old.headers.get("Cache-Control")).toBe("public, max-age=86400");
  });

  it("sends the plain tile to a client that takes no gzip", async () => {
    useLocalBasemap();
    const stored = archive.tiles.find((tile) => tile.z === 0)!;
    const response = await tileAtPath("/map/tiles/0/0/0.mvt", { "Accept-Encoding": "identity" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(stored.plain);
  });

  it("404s outside the covered area and past the archive's zooms", async () => {
    useLocalBasemap();
    expect((await tileAt(5, 0, 0)).status).toBe(404);
    expect((await tileAt(9, warsaw.x * 2, warsaw.y * 2)).status).toBe(404);
    expect((await tileAt(22, 0, 0)).status).toBe(404);
  });

  it.each([
    "/map/tiles/99/1/1.mvt",
    "/map/tiles/23/0/0.mvt",
    "/map/tiles/a/b/c.mvt",
    "/map/tiles/-1/0/0.mvt",
    "/map/tiles/1/-1/0.mvt",
    "/map/tiles/1/2/0.mvt",
    "/map/tiles/1/0/2.mvt",
    "/map/tiles/3/0/99999999999999999999999.mvt",
    "/map/tiles/1e1/0/0.mvt",
    "/map/tiles/01/0/0.mvt",
    "/map/tiles/1/0/0.png",
    "/map/tiles/1/0/0",
    "/map/tiles/1.5/0/0.mvt",
    "/map/tiles/ 1/0/0.mvt",
    "/map/tiles/0x1/0/0.mvt",
  ])("400s on %s", async (pathname) => {
    useLocalBasemap();
    expect((await tileAtPath(pathname)).status).toBe(400);
  });

  it("checks coordinates strictly", () => {
    expect(tileCoordinates({ z: "22", x: "4194303", y: "4194303.mvt" })).toEqual([22, 4194303, 4194303]);
    expect(tileCoordinates({ z: "22", x: "4194304", y: "0.mvt" })).toBeNull();
    expect(tileCoordinates({})).toBeNull();
  });

  it("takes a replaced file within seconds, under a new version", async () => {
    const dir = useLocalBasemap();
    const before = (await basemapInfo())!.tiles;
    const smaller = buildTestBasemap({ maxZoom: 4 });
    const file = path.join(dir, "maps", "basemap.pmtiles");
    writeFileSync(`${file}.new`, smaller.bytes);
    renameSync(`${file}.new`, file);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
    try {
      const after = (await basemapInfo())!;
      expect(after.maxzoom).toBe(4);
      expect(after.tiles).not.toBe(before);
      expect(await basemapTile(warsaw.z, warsaw.x, warsaw.y)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads an explicit MAP_PMTILES path relative to DATA_DIR", async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, "poland.pmtiles"), archive.bytes);
    setConfig(loadConfig({ DATA_DIR: dir, SESSION_SECRET: SECRET, MAP_PMTILES: "poland.pmtiles" }));
    expect((await basemapInfo())?.maxzoom).toBe(TEST_BASEMAP_MAXZOOM);
  });
});

describe("without a basemap", () => {
  it("has no info and 404s every tile", async () => {
    setConfig(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: SECRET }));
    expect(await basemapInfo()).toBeNull();
    expect((await tileAt(0, 0, 0)).status).toBe(404);
    expect((await tileAtPath("/map/tiles/99/1/1.mvt")).status).toBe(400);
  });

  it("is none when the file is not a PMTiles archive, without failing a request", async () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, "maps"));
    writeFileSync(path.join(dir, "maps", "basemap.pmtiles"), "not an archive at all, but long enough to be read as one ".repeat(4));
    setConfig(loadConfig({ DATA_DIR: dir, SESSION_SECRET: SECRET, LOG_LEVEL: "silent" }));
    expect(await basemapInfo()).toBeNull();
    expect((await tileAt(0, 0, 0)).status).toBe(404);
  });

  it("with MAP_TILE_URL: describes the third-party host, serves no tiles itself", async () => {
    useLocalBasemap({ MAP_TILE_URL: "https://tiles.example/v4/{z}/{x}/{y}.mvt" });
    expect(await basemapInfo()).toMatchObject({
      tiles: "https://tiles.example/v4/{z}/{x}/{y}.mvt",
      selfHosted: false,
      attribution: DEFAULT_ATTRIBUTION,
    });
    expect((await tileAt(0, 0, 0)).status).toBe(404);
  });
});

describe("the basemap in an S3 bucket", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3Server();
    const config = loadConfig({ ...s3.env, DATA_DIR: dataDir(), SESSION_SECRET: SECRET });
    if (config.storage.kind !== "s3") throw new Error("expected the bucket");
    await createS3Client(config.storage).send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: "maps/test.pmtiles", Body: archive.bytes, ContentType: "application/octet-stream" }),
    );
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("reads the header, directory and tiles by ranged GETs", async () => {
    setConfig(loadConfig({ ...s3.env, DATA_DIR: dataDir(), SESSION_SECRET: SECRET, MAP_PMTILES: "s3:maps/test.pmtiles" }));
    const info = await basemapInfo();
    expect(info).toMatchObject({ selfHosted: true, maxzoom: TEST_BASEMAP_MAXZOOM, vectorLayers: [...TEST_BASEMAP_LAYERS] });
    const stored = archive.tiles.find((tile) => tile.z === warsaw.z && tile.x === warsaw.x && tile.y === warsaw.y)!;
    const tile = await basemapTile(warsaw.z, warsaw.x, warsaw.y);
    expect(tile).toMatchObject({ encoding: "gzip" });
    expect(tile!.data).toEqual(stored.gzipped);
    const response = await tileAtPath(`/map/tiles/${warsaw.z}/${warsaw.x}/${warsaw.y}.mvt`, { "Accept-Encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(stored.gzipped);
    expect((await tileAt(5, 0, 0)).status).toBe(404);
  });

  it("is none when the key is not in the bucket", async () => {
    setConfig(
      loadConfig({ ...s3.env, DATA_DIR: dataDir(), SESSION_SECRET: SECRET, MAP_PMTILES: "s3:maps/missing.pmtiles", LOG_LEVEL: "silent" }),
    );
    expect(await basemapInfo()).toBeNull();
    expect((await tileAt(0, 0, 0)).status).toBe(404);
  });
});

describe("through the server", () => {
  const t = useTestDatabase();
  const client = useClientDir("portal-maps-client-");

  it("sends the stored gzip once: the server's compression leaves a tile alone", async () => {
    useLocalBasemap();
    const build = testBuild({
      document: () => new Response("no documents here", { status: 500 }),
      routes: { tiles: { path: "map/tiles/:z/:x/:y", module: tilesRoute } },
      clientDir: client.path,
    });
    const app = await listenAppServer({ build, database: t.database, clientDir: client.path });
    try {
      const stored = archive.tiles.find((tile) => tile.z === warsaw.z && tile.x === warsaw.x && tile.y === warsaw.y)!;
      const url = `http://127.0.0.1:${app.port}/map/tiles/${warsaw.z}/${warsaw.x}/${warsaw.y}.mvt`;
      // fetch would undo the Content-Encoding itself: the raw bytes are read through node:http.
      const { status, headers, body } = await rawGet(url, { "accept-encoding": "br, gzip" });
      expect(status).toBe(200);
      expect(headers["content-encoding"]).toBe("gzip");
      expect(headers["content-type"]).toBe("application/vnd.mapbox-vector-tile");
      expect(new Uint8Array(body)).toEqual(stored.gzipped);
      expect((await rawGet(url.replace(/\/\d+\.mvt$/, "/x.mvt"), {})).status).toBe(400);
    } finally {
      app.stop();
    }
  });
});

async function rawGet(url: string, headers: Record<string, string>) {
  const http = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
