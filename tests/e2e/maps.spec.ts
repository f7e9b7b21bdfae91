// Maps of the events', services' and organisations' lists (`?view=map`) and of their pages,
// with JavaScript off (the places as a list with links to OpenStreetMap) and on (MapLibre on a
// canvas, clusters, markers where the coordinates say, the list following the map's area,
// nothing requested from any other host). Passes with and without a basemap file: without one
// the style is a plain background.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

type Feature = {
  id: number;
  geometry: { coordinates: [number, number] };
  properties: { title: string; url: string; place: string | null };
};
type Points = { type: "FeatureCollection"; truncated: boolean; features: Feature[] };

const OSM_POINT = /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?\d+\.\d{5}&mlon=-?\d+\.\d{5}#map=\d+\/-?\d+\.\d{5}\/-?\d+\.\d{5}$/;

async function pointsOf(page: Page, path: string): Promise<Points> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  return (await response.json()) as Points;
}

/** Web Mercator, as any slippy map: the point's pixel in a world `512 · 2^zoom` px wide. */
function mercator(lng: number, lat: number, zoom: number): { x: number; y: number } {
  const size = 512 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** How many colours a PNG holds, sampled every 4 px, decoded by the browser itself (a data: image drawn on a 2D canvas). */
async function distinctColours(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const scratch = document.createElement("canvas");
    scratch.width = image.width;
    scratch.height = image.height;
    const context = scratch.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
    const seen = new Set<number>();
    for (let y = 0; y < height; y += 4) {
      for (let x = 0; x < width; x += 4) {
        const i = (y * width + x) * 4;
        seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      }
    }
    return seen.size;
  }, png.toString("base64"));
}

async function mapReady(page: Page) {
  const map = page.getByTestId("places-map");
  await expect(map).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
  return map;
}

test("the map's JSON and style answer, and refuse junk with a 4xx", async ({ page }) => {
  const points = await pointsOf(page, "/map/points/poster.json");
  expect(points.type).toBe("FeatureCollection");
  // Kept like the lists: shared caches may hold it a while.
  expect((await page.request.get("/map/points/poster.json")).headers()["cache-control"]).toMatch(/public/);
  expect(points.features.length).toBeGreaterThan(3);
  for (const feature of points.features) expect(feature.properties.url).toMatch(/^\/poster\/[^/]+$/);
  const english = await pointsOf(page, "/us/map/points/services.json");
  for (const feature of english.features) expect(feature.properties.url).toMatch(/^\/us\/services\/[^/]+$/);
  const warsaw = await pointsOf(page, "/map/points/diaspors.json?bbox=20.8,52.1,21.2,52.35");
  for (const { geometry } of warsaw.features) {
    expect(geometry.coordinates[0]).toBeGreaterThanOrEqual(20.8);
    expect(geometry.coordinates[1]).toBeLessThanOrEqual(52.35);
  }
  for (const [path, status] of [
    ["/map/points/poster.json?bbox=1,2,3", 400],
    ["/map/points/poster.json?bbox=0,60,1,50", 400],
    ["/map/points/poster.json?category=nemaie-takoi", 404],
    ["/map/points/nothing.json", 404],
    ["/map/style.json?theme=purple", 400],
    ["/poster?bbox=junk", 400],
    ["/services?view=globe", 400],
  ] as const) {
    expect((await page.request.get(path)).status(), path).toBe(status);
  }

  for (const theme of ["light", "dark"]) {
    const response = await page.request.get(`/map/style.json?theme=${theme}&lang=en`);
    expect(response.status()).toBe(200);
    const style = (await response.json()) as {
      version: number;
      glyphs?: string;
      sprite?: string;
      layers: Array<{ type: string }>;
      sources: Record<string, { attribution?: string; tiles?: string[] }>;
    };
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.some((layer) => layer.type === "symbol")).toBe(false);
    for (const source of Object.values(style.sources)) {
      expect(source.attribution).toContain("OpenStreetMap");
      for (const tile of source.tiles ?? []) expect(tile.startsWith("/")).toBe(true);
    }
  }
});

test("without JS a list's map view is the list of its places, with links to OpenStreetMap @no-js-only", async ({ page }) => {
  await page.goto("/poster");
  await page.getByTestId("map-view-toggle").click();
  await expect(page).toHaveURL(/\/poster\?view=map$/);
  const list = page.getByTestId("places-list");
  await expect(list).toBeVisible();
  const items = list.locator("li");
  const allPlaces = await items.count();
  expect(allPlaces).toBeGreaterThan(3);
  const first = items.first();
  await expect(first.getByRole("link").first()).toHaveAttribute("href", /^\/poster\/[^/]+$/);
  await expect(first.getByRole("link", { name: "На OpenStreetMap" })).toHaveAttribute("href", OSM_POINT);

  // The area in the URL narrows the places and the list under them.
  const cards = page.locator("ul.content-grid > li:not(.content-grid__wide)");
  const allCards = await cards.count();
  await page.goto("/poster?view=map&bbox=20.8,52.1,21.2,52.35");
  const inWarsaw = await page.getByTestId("places-list").locator("li").count();
  expect(inWarsaw).toBeGreaterThan(0);
  expect(inWarsaw).toBeLessThan(allPlaces);
  expect(await cards.count()).toBeLessThan(allCards);
  await page.getByRole("link", { name: "Показати всі" }).click();
  await expect(page).toHaveURL(/\/poster\?view=map$/);

  // The past and coming tabs keep the map view (and leave the area, which was one tab's places).
  await page.getByRole("link", { name: "Минулі" }).click();
  await expect(page).toHaveURL(/\/poster\?when=past&view=map$/);
  await expect(page.getByTestId("places-list")).toBeVisible();

  // The place filter keeps the map view.
  await page.goto("/services?view=map");
  const filter = page.getByRole("search", { name: "Фільтр" });
  await filter.getByLabel("Місто", { exact: true }).selectOption("krakiv");
  await filter.getByRole("button", { name: "Показати" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("view") === "map" && url.searchParams.get("location") === "krakiv");
  await expect(page.getByTestId("places-list")).toBeVisible();

  await page.goto("/us/services?view=map");
  await expect(page.getByTestId("places-list").getByRole("link", { name: "On OpenStreetMap" }).first()).toHaveAttribute("href", OSM_POINT);
  await page.getByTestId("map-view-toggle").click();
  await expect(page).toHaveURL(/\/us\/services$/);
});

test("an event's page links its point on OpenStreetMap", async ({ page }) => {
  const points = await pointsOf(page, "/map/points/poster.json");
  await page.goto(points.features[0]!.properties.url);
  await expect(page.locator(".item-map").getByRole("link", { name: "На OpenStreetMap" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=/,
  );
});

test.describe("with JS", () => {
  test("a list loads no map code until the map is shown @js-only", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await page.goto("/poster");
    await page.mouse.move(10, 10);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => /map-engine|maplibre/.test(url))).toEqual([]);
  });

  test("the map draws on its canvas, markers sit where their coordinates say, and only the portal is asked @js-only", async ({
    page,
    baseURL,
  }, testInfo) => {
    const hosts = new Set<string>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol === "http:" || url.protocol === "https:") hosts.add(url.host);
    });
    const points = await pointsOf(page, "/map/points/poster.json");

    // Warsaw's events: single markers, each at its own pixel.
    await page.goto("/poster?view=map&bbox=20.95,52.2,21.1,52.26");
    const map = await mapReady(page);
    await expect(page.getByTestId("places-list")).toBeHidden();
    const attribution = map.locator(".maplibregl-ctrl-attrib");
    await expect(attribution).toBeVisible();
    // With a basemap, its tiles' credit is shown.
    const style = (await (await page.request.get("/map/style.json?theme=light&lang=uk")).json()) as { sources: Record<string, unknown> };
    if (Object.keys(style.sources).length > 0) await expect(attribution).toContainText("OpenStreetMap");
    const markers = map.locator("a.map-marker");
    await expect(markers.first()).toBeVisible();
    const box = (await map.boundingBox())!;
    const center = { lng: Number(await map.getAttribute("data-center-lng")), lat: Number(await map.getAttribute("data-center-lat")) };
    const zoom = Number(await map.getAttribute("data-zoom"));
    const origin = mercator(center.lng, center.lat, zoom);
    let checked = 0;
    for (const marker of await markers.all()) {
      const href = await marker.getAttribute("href");
      const feature = points.features.find((candidate) => candidate.properties.url === href);
      expect(feature, `${href} is one of the events`).toBeDefined();
      const [lng, lat] = feature!.geometry.coordinates;
      const at = mercator(lng, lat, zoom);
      const expected = { x: box.x + box.width / 2 + (at.x - origin.x), y: box.y + box.height / 2 + (at.y - origin.y) };
      const mark = (await marker.boundingBox())!;
      expect(Math.abs(mark.x + mark.width / 2 - expected.x), `${href} x`).toBeLessThan(3);
      expect(Math.abs(mark.y + mark.height / 2 - expected.y), `${href} y`).toBeLessThan(3);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
    // A marker is a link to its event, reached with the keyboard.
    await markers.first().focus();
    await expect(markers.first()).toBeFocused();

    // The whole world: the demo's events cluster.
    await page.goto("/poster?view=map&bbox=-180,-80,180,80");
    const world = await mapReady(page);
    await expect(world.locator(".map-cluster").first()).toBeVisible();
    const clusters = await world.locator(".map-cluster").count();
    const singles = await world.locator("a.map-marker").count();
    expect(clusters).toBeGreaterThan(0);
    expect(clusters + singles).toBeLessThan(points.features.length);

    // The canvas itself is drawn (markers hidden): more than one colour.
    await page.addStyleTag({ content: ".maplibregl-marker { visibility: hidden !important; }" });
    const shot = await world.locator("canvas").screenshot({ path: testInfo.outputPath("world-map.png") });
    const colourCount = await distinctColours(page, shot);
    expect(colourCount).toBeGreaterThan(1);

    // The site's theme switched: the map's style follows, its clusters stay.
    const worldBox = (await world.boundingBox())!;
    const corner = async () =>
      (await page.screenshot({ clip: { x: worldBox.x + 4, y: worldBox.y + 4, width: 4, height: 4 } })).toString("base64");
    const light = await corner();
    await page.evaluate(() => document.documentElement.classList.add("p-dark"));
    await expect.poll(corner, { timeout: 10_000 }).not.toBe(light);
    await expect(world.locator(".map-cluster").first()).toBeAttached();

    expect([...hosts]).toEqual([new URL(baseURL!).host]);
  });

  test("moving the map writes its area into the URL without new history entries, and the list follows @js-only", async ({ page }) => {
    await page.goto("/poster?view=map");
    const map = await mapReady(page);
    const before = await page.evaluate(() => history.length);
    const cluster = map.locator(".map-cluster").first();
    if (await cluster.count()) await cluster.click();
    else {
      await map.focus();
      await page.keyboard.press("Minus");
    }
    await expect(page).toHaveURL(/[?&]bbox=-?\d/);
    expect(await page.evaluate(() => history.length)).toBe(before);
    const bbox = new URL(page.url()).searchParams.get("bbox")!;
    const inArea = await pointsOf(page, `/map/points/poster.json?bbox=${bbox}`);
    await expect(page.getByRole("link", { name: "Показати всі" })).toBeVisible();
    // Each card of the list under the map is one of the area's places.
    const urls = new Set(inArea.features.map((feature) => feature.properties.url));
    const cards = page.locator("ul.content-grid > li:not(.content-grid__wide) a[href^='/poster/']:not([href^='/poster/category/'])");
    await expect(cards.first()).toBeVisible();
    for (const href of await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href"))))
      expect(urls.has(href!), href!).toBe(true);
  });

  test("the suite's basemap is drawn from the portal's own tiles @js-only", async ({ page }, testInfo) => {
    // The test server holds a basemap the tests cut themselves (tests/support/map-tiles.ts).
    const style = (await (await page.request.get("/map/style.json?theme=light&lang=uk")).json()) as {
      sources: Record<string, { tiles?: string[] }>;
    };
    expect(style.sources.basemap?.tiles?.[0]).toMatch(/^\/map\/tiles\/\{z\}\/\{x\}\/\{y\}\.mvt/);
    const tiles: Array<{ url: string; status: number }> = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/map/tiles/")) tiles.push({ url: response.url(), status: response.status() });
    });
    await page.goto("/poster?view=map&bbox=14,49,24,54.8");
    const map = await mapReady(page);
    await expect.poll(() => tiles.filter((tile) => tile.status === 200).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.addStyleTag({ content: ".maplibregl-marker { visibility: hidden !important; }" });
    await expect(map).toHaveAttribute("data-state", "ready");
    // Land, water and roads in their own colours: far more than the plain background's one.
    const shot = await map.locator("canvas").screenshot({ path: testInfo.outputPath("basemap.png") });
    expect(await distinctColours(page, shot)).toBeGreaterThan(3);
  });

  test("an event's page shows its small map when scrolled to @js-only", async ({ page }) => {
    const points = await pointsOf(page, "/map/points/poster.json");
    await page.goto(points.features[0]!.properties.url);
    const block = page.locator(".item-map");
    await block.scrollIntoViewIfNeeded();
    await expect(page.getByTestId("item-map")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    await expect(page.getByTestId("item-map").locator(".map-marker--here")).toBeVisible();
  });
});
