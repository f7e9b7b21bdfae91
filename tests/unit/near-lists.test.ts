// "Near a place" on the lists of events, services and organisations:
// a radius keeps exactly the items within it, an item's own point deciding over its city's
// (also at the boundary), an item without a point counted by its city; nearest first; the
// distances on the cards; the clean address a submitted form lands on; the calendar by place;
// the item pages' points; the page cache keeping each filtered address apart.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import * as calendarRoute from "#app/routes/feeds-posters-calendar/route.ts";
import * as diaspors from "#app/routes/diaspors/route.tsx";
import * as diasporaItem from "#app/routes/diaspora-item/route.tsx";
import * as posterCategory from "#app/routes/poster-category/route.tsx";
import * as posterItem from "#app/routes/poster-item/route.tsx";
import * as posters from "#app/routes/posters/route.tsx";
import * as serviceCategory from "#app/routes/service-category/route.tsx";
import * as serviceItem from "#app/routes/service-item/route.tsx";
import * as services from "#app/routes/services/route.tsx";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { clearPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { distanceKm, type GeoPoint } from "#app/platform/geo/radius.ts";
import { cleanNearUrl } from "#app/modules/content/near-list.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { catchResponse } from "../support/route.ts";
import { ago, DAY, daysAheadAt, servePage, useUnitConfig } from "./content-support.ts";

const t = useTestDatabase();

const KRAKOW: GeoPoint = { latitude: 50.0647, longitude: 19.945 };
const WIELICZKA: GeoPoint = { latitude: 49.9871, longitude: 20.0645 };
const KATOWICE: GeoPoint = { latitude: 50.2649, longitude: 19.0238 };
const WARSAW: GeoPoint = { latitude: 52.2297, longitude: 21.0122 };
const RYNEK: GeoPoint = { latitude: 50.0617, longitude: 19.9373 };
/** earthdistance's sphere (6378.168 km): a point `km` due north of Kraków is exactly that far. */
const north = (km: number): GeoPoint => ({ latitude: KRAKOW.latitude + (km / 6378.168) * (180 / Math.PI), longitude: KRAKOW.longitude });
const JUST_INSIDE = north(19.95);
const JUST_OUTSIDE = north(20.05);

const ids = {} as Record<"krakiv" | "velichka" | "katovitse" | "varshava" | "nowhere" | "koncerty", number>;

async function insertPlaces(db: Kysely<DB>) {
  const places = [
    ["krakiv", "Краків", "Kraków", KRAKOW],
    ["velichka", "Величка", "Wieliczka", WIELICZKA],
    ["katovitse", "Катовіце", "Katowice", KATOWICE],
    ["varshava", "Варшава", "Warsaw", WARSAW],
    ["nowhere", "Без точки", "No point", null],
  ] as const;
  const rows = await db
    .insertInto("locations")
    .values(
      places.map(([slug, name_uk, name_en, point], index) => ({
        slug,
        name_uk,
        name_en,
        position: index + 1,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      })),
    )
    .returning(["id", "slug"])
    .execute();
  for (const row of rows) ids[row.slug as keyof typeof ids] = row.id;
  ids.koncerty = (
    await db
      .insertInto("categories")
      .values({ kind: "poster", slug: "kontserty", name_uk: "Концерти", name_en: "Concerts" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

const own = (point: GeoPoint | null) => ({ latitude: point?.latitude ?? null, longitude: point?.longitude ?? null });

/** Upcoming events a day apart (`day` orders them by date), published. */
async function insertEvents(db: Kysely<DB>) {
  const event = (slug: string, day: number, location: keyof typeof ids, point: GeoPoint | null, extra: object = {}) => ({
    slug,
    title_uk: `Подія ${slug}`,
    description_uk: "<p>Опис.</p>",
    location_id: ids[location],
    ...own(point),
    starts_at: daysAheadAt(day, 12),
    status: "published" as const,
    published_at: ago(DAY),
    ...extra,
  });
  await db
    .insertInto("posters")
    .values([
      event("rynok", 1, "krakiv", RYNEK, { category_id: ids.koncerty, address: "Rynek Główny 1" }),
      // Its city is 69 km away; its own point is inside 20 km: the point decides.
      event("just-inside", 2, "katovitse", JUST_INSIDE),
      // Its city is Kraków; its own point is just past 20 km.
      event("just-outside", 3, "krakiv", JUST_OUTSIDE),
      event("wieliczka-city", 4, "velichka", null, { category_id: ids.koncerty }),
      event("katowice-city", 5, "katovitse", null),
      event("warsaw-city", 6, "varshava", null),
      event("nowhere-city", 7, "nowhere", null),
      event("no-place", 8, "nowhere", null, { location_id: null }),
      { ...event("past-wieliczka", -10, "velichka", null), ends_at: daysAheadAt(-10, 14) },
    ])
    .execute();
}

async function insertDirectories(db: Kysely<DB>) {
  const entry = (slug: string, name: string, location: keyof typeof ids, point: GeoPoint | null) => ({
    slug,
    name_uk: name,
    name_en: `${name} (en)`,
    description_uk: "<p>Опис.</p>",
    location_id: ids[location],
    ...own(point),
    status: "published" as const,
  });
  // Alphabetical by name: В, Г, Д, Ж — the nearest-first order differs.
  await db
    .insertInto("services")
    .values([
      entry("wieliczka-service", "Вчитель", "velichka", null),
      entry("rynek-service", "Годинникар", "krakiv", RYNEK),
      entry("outside-service", "Друкарня", "krakiv", JUST_OUTSIDE),
      entry("katowice-service", "Ждун", "katovitse", null),
    ])
    .execute();
  await db
    .insertInto("diaspors")
    .values([entry("inside-org", "Громада", "katovitse", JUST_INSIDE), entry("warsaw-org", "Пласт", "varshava", null)])
    .execute();
}

beforeAll(async () => {
  useUnitConfig();
  await insertPlaces(t.db);
  await insertEvents(t.db);
  await insertDirectories(t.db);
});

beforeEach(() => {
  clearPageCache();
  resetContentState();
});

type Card = { slug: string; distanceKm: number | null };
const slugs = (items: Card[]) => items.map((item) => item.slug);
const distances = (items: Card[]) => Object.fromEntries(items.map((item) => [item.slug, item.distanceKm]));

describe("the events list near a place", () => {
  it("within a radius: the items whose own point is within it, else whose city is; by date", async () => {
    const data = await callAppRoute(posters.loader, { url: "/poster?near=krakiv&radius=20" });
    expect(slugs(data.items)).toEqual(["rynok", "just-inside", "wieliczka-city"]);
    expect(data.pagination.total).toBe(3);
    expect(data.near).toEqual({ near: "krakiv", radius: 20, sort: null });
    const km = distances(data.items);
    expect(km.rynok).toBeCloseTo(distanceKm(KRAKOW, RYNEK), 2);
    expect(km.rynok).toBeLessThan(1);
    expect(km["just-inside"]).toBeCloseTo(19.95, 2);
    expect(km["wieliczka-city"]).toBeCloseTo(distanceKm(KRAKOW, WIELICZKA), 2);
    expect(data.seo.title).toMatch(/^Афіша — Краків \+ 20 км — /);
  });

  it("the place itself (`?location=`, or `near` without a radius) is its city's items, whatever their points", async () => {
    const data = await callAppRoute(posters.loader, { url: "/poster?location=krakiv" });
    expect(slugs(data.items)).toEqual(["rynok", "just-outside"]);
    expect(data.items.every((item) => item.distanceKm === null)).toBe(true);
    expect(data.near).toEqual({ near: "krakiv", radius: null, sort: null });
  });

  it("a wider radius reaches the cities around; nearest first orders by distance", async () => {
    const byDate = await callAppRoute(posters.loader, { url: "/poster?near=krakiv&radius=100" });
    expect(slugs(byDate.items)).toEqual(["rynok", "just-inside", "just-outside", "wieliczka-city", "katowice-city"]);
    const nearest = await callAppRoute(posters.loader, { url: "/poster?near=krakiv&radius=100&sort=nearest" });
    expect(slugs(nearest.items)).toEqual(["rynok", "wieliczka-city", "just-inside", "just-outside", "katowice-city"]);
    expect(nearest.items[3]!.distanceKm).toBeCloseTo(20.05, 2);
    expect(nearest.near.sort).toBe("nearest");
  });

  it("any distance: everything, measured; what has no point at all comes last, unmeasured", async () => {
    const data = await callAppRoute(posters.loader, { url: "/us/poster?near=krakiv&radius=any&sort=nearest" });
    expect(slugs(data.items)).toEqual([
      "rynok",
      "wieliczka-city",
      "just-inside",
      "just-outside",
      "katowice-city",
      "warsaw-city",
      "nowhere-city",
      "no-place",
    ]);
    const km = distances(data.items);
    expect(km["warsaw-city"]).toBeCloseTo(distanceKm(KRAKOW, WARSAW), 1);
    expect(km["nowhere-city"]).toBeNull();
    expect(km["no-place"]).toBeNull();
  });

  it("nearest first needs distances: without a radius the list keeps its date order", async () => {
    const data = await callAppRoute(posters.loader, { url: "/poster?location=krakiv&sort=nearest" });
    expect(slugs(data.items)).toEqual(["rynok", "just-outside"]);
  });

  it("filters past events and category pages the same way", async () => {
    const past = await callAppRoute(posters.loader, { url: "/poster?when=past&near=krakiv&radius=20" });
    expect(slugs(past.items)).toEqual(["past-wieliczka"]);
    const category = await callAppRoute(posterCategory.loader, {
      url: "/poster/category/kontserty?near=krakiv&radius=20&sort=nearest",
      params: { slug: "kontserty" },
    });
    expect(slugs(category.items)).toEqual(["rynok", "wieliczka-city"]);
  });

  it("a place without a point is the place itself whatever the radius", async () => {
    const data = await callAppRoute(posters.loader, { url: "/poster?near=nowhere&radius=50" });
    expect(slugs(data.items)).toEqual(["nowhere-city"]);
    expect(data.near.radius).toBeNull();
  });

  it("an unknown place or order is a 404; a submitted form is sent on to the clean address", async () => {
    expect(await thrownStatus(callAppRoute(posters.loader, { url: "/poster?near=paryzh&radius=20" }))).toBe(404);
    expect(await thrownStatus(callAppRoute(posters.loader, { url: "/poster?location=paryzh" }))).toBe(404);
    expect(await thrownStatus(callAppRoute(posters.loader, { url: "/poster?near=krakiv&radius=20&sort=cheapest" }))).toBe(404);
    expect(await thrownStatus(callAppRoute(posters.loader, { url: "/poster?near=krakiv&near=velichka&radius=20" }))).toBe(404);
    const redirected = await catchResponse(callAppRoute(posters.loader, { url: "/us/poster?when=past&near=krakiv&radius=&sort=" }));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toBe("/us/poster?when=past&location=krakiv");
  });

  it("cleans every shape of a submitted form", () => {
    const clean = (query: string) => cleanNearUrl(new URL(`https://portal.example/poster${query}`));
    expect(clean("?near=krakiv&radius=20")).toBeNull();
    expect(clean("?location=krakiv")).toBeNull();
    expect(clean("?near=krakiv&radius=20&sort=nearest")).toBeNull();
    expect(clean("?near=&radius=&sort=")).toBe("/poster");
    expect(clean("?near=krakiv&radius=")).toBe("/poster?location=krakiv");
    expect(clean("?near=krakiv&radius=7")).toBe("/poster?location=krakiv");
    expect(clean("?near=&radius=20")).toBe("/poster");
    expect(clean("?near=krakiv&radius=any&sort=nearest&page=2")).toBeNull();
    expect(clean("?location=")).toBe("/poster");
  });

  it("links its calendar to the same place and radius, and the calendar filters by them", async () => {
    const list = await callAppRoute(posters.loader, { url: "/poster?near=krakiv&radius=20&sort=nearest" });
    expect(list.calendar.url).toBe("https://portal.example/poster/calendar.ics?near=krakiv&radius=20");
    const place = await callAppRoute(posters.loader, { url: "/poster?location=krakiv" });
    expect(place.calendar.url).toBe("https://portal.example/poster/calendar.ics?location=krakiv");

    const response = await servePage(calendarRoute, { url: "/poster/calendar.ics?near=krakiv&radius=20" });
    expect(response.status).toBe(200);
    const text = (await response.text()).replace(/\r\n /g, "");
    const summaries = text.split("\r\n").filter((line) => line.startsWith("SUMMARY:"));
    expect(summaries).toEqual(["SUMMARY:Подія rynok", "SUMMARY:Подія just-inside", "SUMMARY:Подія wieliczka-city"]);
    expect(text).toContain("X-WR-CALNAME:Афіша — Краків + 20 км");
    expect((await servePage(calendarRoute, { url: "/poster/calendar.ics?near=paryzh&radius=20" })).status).toBe(404);
  });

  it("keeps each filtered address apart in the page cache", async () => {
    const read = async (url: string) => slugs((JSON.parse(await (await servePage(posters, { url })).text()) as { items: Card[] }).items);
    expect(await read("/poster?near=krakiv&radius=20")).toHaveLength(3);
    expect(await read("/poster?near=krakiv&radius=100")).toHaveLength(5);
    expect(await read("/poster?near=krakiv&radius=20")).toHaveLength(3);
  });
});

describe("services and organisations near a place", () => {
  it("within a radius, by name; nearest first by distance", async () => {
    const byName = await callAppRoute(services.loader, { url: "/us/services?near=krakiv&radius=20" });
    expect(slugs(byName.items)).toEqual(["wieliczka-service", "rynek-service"]);
    expect(byName.pagination.total).toBe(2);
    expect(byName.items[0]!.distanceKm).toBeCloseTo(distanceKm(KRAKOW, WIELICZKA), 2);
    const nearest = await callAppRoute(services.loader, { url: "/services?near=krakiv&radius=100&sort=nearest" });
    expect(slugs(nearest.items)).toEqual(["rynek-service", "wieliczka-service", "outside-service", "katowice-service"]);
    const place = await callAppRoute(services.loader, { url: "/services?location=krakiv" });
    expect(slugs(place.items)).toEqual(["rynek-service", "outside-service"]);
    expect(await thrownStatus(callAppRoute(services.loader, { url: "/services?near=paryzh&radius=50" }))).toBe(404);
  });

  it("on a category page too", async () => {
    const category = await t.db
      .insertInto("categories")
      .values({ kind: "service", slug: "remesla", name_uk: "Ремесла", name_en: "Crafts" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("services")
      .set({ category_id: category.id })
      .where("slug", "in", ["rynek-service", "katowice-service"])
      .execute();
    resetContentState();
    const data = await callAppRoute(serviceCategory.loader, {
      url: "/services/category/remesla?near=krakiv&radius=50",
      params: { slug: "remesla" },
    });
    expect(slugs(data.items)).toEqual(["rynek-service"]);
    const wider = await callAppRoute(serviceCategory.loader, {
      url: "/services/category/remesla?near=krakiv&radius=100",
      params: { slug: "remesla" },
    });
    expect(slugs(wider.items)).toEqual(["rynek-service", "katowice-service"]);
  });

  it("organisations: an own point inside the radius counts though its city is far", async () => {
    const data = await callAppRoute(diaspors.loader, { url: "/diaspors?near=krakiv&radius=20" });
    expect(slugs(data.items)).toEqual(["inside-org"]);
    expect(data.items[0]!.distanceKm).toBeCloseTo(19.95, 2);
    const any = await callAppRoute(diaspors.loader, { url: "/diaspors?near=krakiv&radius=any&sort=nearest" });
    expect(slugs(any.items)).toEqual(["inside-org", "warsaw-org"]);
    const city = await callAppRoute(diaspors.loader, { url: "/diaspors?location=katovitse" });
    expect(slugs(city.items)).toEqual(["inside-org"]);
  });
});

describe("the item pages' points", () => {
  it("an event: its own point, else its city's; the map link goes to its own point", async () => {
    const withPoint = await callAppRoute(posterItem.loader, { url: "/poster/rynok", params: { slug: "rynok" } });
    expect(withPoint.point).toEqual(RYNEK);
    expect(withPoint.poster.ownPoint).toEqual(RYNEK);
    expect(withPoint.jsonLd.location).toMatchObject({ geo: { "@type": "GeoCoordinates", ...RYNEK } });
    const byCity = await callAppRoute(posterItem.loader, { url: "/poster/wieliczka-city", params: { slug: "wieliczka-city" } });
    expect(byCity.point).toEqual(WIELICZKA);
    expect(byCity.poster.ownPoint).toBeNull();
    const none = await callAppRoute(posterItem.loader, { url: "/poster/no-place", params: { slug: "no-place" } });
    expect(none.point).toBeNull();
  });

  it("a service and an organisation likewise, with the map link at the exact point", async () => {
    const service = await callAppRoute(serviceItem.loader, { url: "/services/rynek-service", params: { slug: "rynek-service" } });
    expect(service.point).toEqual(RYNEK);
    expect(service.jsonLd).toMatchObject({ geo: { "@type": "GeoCoordinates", ...RYNEK } });
    expect(service.item.contacts.mapUrl).toBe("https://www.openstreetmap.org/?mlat=50.06170&mlon=19.93730#map=16/50.06170/19.93730");
    const organisation = await callAppRoute(diasporaItem.loader, { url: "/diaspors/warsaw-org", params: { slug: "warsaw-org" } });
    expect(organisation.point).toEqual(WARSAW);
    expect(organisation.item.contacts.mapUrl).toBeNull();
    expect(organisation.jsonLd).not.toHaveProperty("geo");
  });
});
