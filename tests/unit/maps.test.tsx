// Maps: the visible area as URLs carry it (`bbox`), the places a list's map shows (upcoming
// events, published entries, at their own point else their city's, filtered like the lists and
// by the area), the lists narrowed by the area, and the staff point picker's values.
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { bboxFromUrl, bboxParam, parseBbox } from "#app/platform/geo/bbox.ts";
import { pointsToGeoJson } from "#app/modules/places/map-points.ts";
import { mapPoints } from "#app/modules/places/map-points.server.ts";
import { listPosters } from "#app/modules/posters/posters.server.ts";
import { listDirectory } from "#app/modules/directory/directory.server.ts";
import type { NearFilter } from "#app/modules/taxonomy/near.server.ts";
import { PointPicker } from "#app/components/maps/point-picker.tsx";
import { pickedValues, pointFromValues } from "#app/components/maps/picker-values.ts";
import { mapStyle, parseStyleOptions } from "#app/modules/places/map-style.server.ts";
import type { BasemapInfo } from "#app/platform/maps/basemap.server.ts";
import { useTestDatabase } from "../support/db.ts";

const basemap = vi.hoisted(() => ({ info: null as BasemapInfo | null }));
vi.mock("#app/platform/maps/basemap.server.ts", () => ({ basemapInfo: async () => basemap.info }));
import { insertFixture, useUnitConfig } from "./content-support.ts";

describe("the bbox parameter", () => {
  it("reads west,south,east,north and refuses junk", () => {
    expect(parseBbox("20.8,52.1,21.2,52.35")).toEqual({ west: 20.8, south: 52.1, east: 21.2, north: 52.35 });
    expect(parseBbox("170,-10,-170,10")).toEqual({ west: 170, south: -10, east: -170, north: 10 });
    for (const junk of ["", "1,2,3", "1,2,3,4,5", "a,b,c,d", "0,10,1,5", "-181,0,0,1", "0,-91,1,0", "1e3,0,1,1", "0x10,0,1,1", "NaN,0,1,1"])
      expect(parseBbox(junk), junk).toBeNull();
    expect(bboxFromUrl(new URL("https://x.example/poster"))).toBeNull();
    expect(bboxFromUrl(new URL("https://x.example/poster?bbox="))).toBeNull();
    expect(bboxFromUrl(new URL("https://x.example/poster?bbox=junk"))).toBe("invalid");
    expect(bboxFromUrl(new URL("https://x.example/poster?bbox=0,0,1,1&bbox=0,0,1,1"))).toBe("invalid");
  });

  it("writes a map's view: five decimals, a view wider than the world as the world, world copies wrapped", () => {
    expect(bboxParam({ west: 20.123456789, south: 52.1, east: 21.2, north: 52.35 })).toBe("20.12346,52.1,21.2,52.35");
    expect(bboxParam({ west: -300, south: -95, east: 200, north: 95 })).toBe("-180,-90,180,90");
    expect(bboxParam({ west: 190, south: 0, east: 200, north: 1 })).toBe("-170,0,-160,1");
    expect(bboxParam({ west: 170, south: 0, east: 190, north: 1 })).toBe("170,0,-170,1");
    expect(parseBbox(bboxParam({ west: 170, south: 0, east: 190, north: 1 }))).not.toBeNull();
  });
});

describe("the map's style", () => {
  it("is a plain background without a basemap, in the theme's colours", async () => {
    basemap.info = null;
    const light = await mapStyle({ theme: "light", lang: "uk" });
    const dark = await mapStyle({ theme: "dark", lang: "en" });
    expect(light.sources).toEqual({});
    expect(light.layers.map((layer) => layer.type)).toEqual(["background"]);
    const colour = (style: typeof light) => JSON.stringify(style.layers[0]);
    expect(colour(light)).not.toBe(colour(dark));
  });

  it("draws the basemap with Protomaps' layers, no text or icons, no glyph or sprite URL, and credits OpenStreetMap", async () => {
    basemap.info = {
      tiles: "/map/tiles/{z}/{x}/{y}.mvt",
      minzoom: 0,
      maxzoom: 14,
      bounds: [-180, -85, 180, 85],
      attribution: "Protomaps",
      vectorLayers: ["earth", "water", "roads"],
      selfHosted: true,
      center: [19, 51, 5],
    };
    const style = await mapStyle({ theme: "dark", lang: "uk" });
    basemap.info = null;
    expect(style).not.toHaveProperty("glyphs");
    expect(style).not.toHaveProperty("sprite");
    expect(style.sources).toEqual({
      basemap: expect.objectContaining({
        type: "vector",
        tiles: ["/map/tiles/{z}/{x}/{y}.mvt"],
        maxzoom: 14,
        attribution: expect.stringContaining("© OpenStreetMap contributors"),
      }),
    });
    expect(style.layers.length).toBeGreaterThan(20);
    expect(style.layers.some((layer) => (layer.type as string) === "symbol")).toBe(false);
    expect(JSON.stringify(style)).not.toMatch(/https?:\/\//);
  });

  it("takes light or dark and uk or en, and refuses anything else", () => {
    expect(parseStyleOptions(new URL("https://x.example/map/style.json"))).toEqual({ theme: "light", lang: "uk" });
    expect(parseStyleOptions(new URL("https://x.example/map/style.json?theme=dark&lang=en"))).toEqual({ theme: "dark", lang: "en" });
    expect(() => parseStyleOptions(new URL("https://x.example/map/style.json?theme=blue"))).toThrow();
  });
});

describe("the point picker", () => {
  it("renders nothing without JS (the typed inputs stay)", () => {
    expect(renderToString(<PointPicker latitudeInputId="lat" longitudeInputId="lon" initial={null} />)).toBe("");
  });

  it("writes a click as six decimals, wrapping world copies, and reads only a valid pair", () => {
    expect(pickedValues(21.01223456, 52.22971234)).toEqual({ latitude: "52.229712", longitude: "21.012235" });
    expect(pickedValues(381, 10)).toEqual({ latitude: "10", longitude: "21" });
    expect(pointFromValues("52,2297", "21.0122")).toEqual({ latitude: 52.2297, longitude: 21.0122 });
    expect(pointFromValues("", "21")).toBeNull();
    expect(pointFromValues("91", "21")).toBeNull();
    expect(pointFromValues("x", "21")).toBeNull();
  });
});

describe("the places on a list's map", () => {
  useUnitConfig();
  const t = useTestDatabase();
  const WARSAW = { latitude: 52.2297, longitude: 21.0122 };
  const BERLIN = { latitude: 52.52, longitude: 13.405 };
  const OWN = { latitude: 52.2213, longitude: 21.0167 };
  const AROUND_WARSAW = { west: 20.8, south: 52.1, east: 21.2, north: 52.35 };
  const AROUND_BERLIN = { west: 13.2, south: 52.4, east: 13.6, north: 52.6 };

  let warsawId = 0;
  beforeAll(async () => {
    await insertFixture(t.db);
    await t.db.updateTable("locations").set(WARSAW).where("slug", "=", "varshava").execute();
    await t.db.updateTable("locations").set(BERLIN).where("slug", "=", "berlin").execute();
    await t.db.updateTable("posters").set(OWN).where("slug", "=", "kontsert-nadii").execute();
    warsawId = (await t.db.selectFrom("locations").select("id").where("slug", "=", "varshava").executeTakeFirstOrThrow()).id;
  });

  it("shows upcoming events at their own point, else their city's, filtered by the area and the radius", async () => {
    const all = await mapPoints("poster", { language: "uk", locale: "ua", near: null, bbox: null });
    expect(all.truncated).toBe(false);
    const bySlug = Object.fromEntries(all.points.map((point) => [point.url, point]));
    expect(Object.keys(bySlug).sort()).toEqual(["/poster/kontsert-nadii", "/poster/vystavka-berlin"]);
    expect(bySlug["/poster/kontsert-nadii"]).toMatchObject({ ...OWN, place: expect.stringContaining("Філармонія"), distanceKm: null });
    expect(bySlug["/poster/vystavka-berlin"]).toMatchObject(BERLIN);

    const inWarsaw = await mapPoints("poster", { language: "en", locale: "us", near: null, bbox: AROUND_WARSAW });
    expect(inWarsaw.points.map((point) => point.url)).toEqual(["/us/poster/kontsert-nadii"]);
    expect(inWarsaw.points[0]!.title).toBe("“Voices of hope” concert");

    const near: NearFilter = {
      place: { id: warsawId, slug: "varshava", name: { text: "Варшава", lang: "uk" }, point: WARSAW },
      radius: 100,
    };
    const measured = await mapPoints("poster", { language: "uk", locale: "ua", near, bbox: null });
    expect(measured.points).toHaveLength(1);
    expect(measured.points[0]!.distanceKm).toBeGreaterThan(0.5);
    expect(measured.points[0]!.distanceKm).toBeLessThan(1.5);

    const limited = await mapPoints("poster", { language: "uk", locale: "ua", near: null, bbox: null, limit: 1 });
    expect(limited).toMatchObject({ truncated: true, points: [expect.anything()] });

    const geojson = pointsToGeoJson(all);
    expect(geojson.features[0]).toMatchObject({ type: "Feature", geometry: { type: "Point", coordinates: [OWN.longitude, OWN.latitude] } });
  });

  it("narrows the lists of events and of a directory to the area", async () => {
    const events = await listPosters({ language: "uk", page: 1, when: "upcoming", bbox: AROUND_BERLIN });
    expect(events.items.map((item) => item.slug)).toEqual(["vystavka-berlin"]);
    expect(events.pagination.total).toBe(1);
    const organisations = await listDirectory("diaspors", { language: "uk", page: 1, bbox: AROUND_WARSAW });
    expect(organisations.items.map((item) => item.slug)).toEqual(["plast-varshava"]);
    const points = await mapPoints("diaspors", { language: "uk", locale: "ua", near: null, bbox: AROUND_BERLIN });
    expect(points.points.map((point) => point.url)).toEqual(["/diaspors/hromada-berlina"]);
  });
});
