// The advert lists near a place (`?near=<slug>&radius=<km>`): exactly the adverts of the cities
// within the radius (a city just inside and one just outside it), their distances on the cards,
// nearest first, the older `?location=` still the city itself, the field filters' own path, and
// a saved search with a radius that alerts only the adverts within it (through the list's own
// where-builder).
import { beforeAll, describe, expect, it } from "vitest";
import type { NewAdvertisement } from "#db/schema.ts";
import * as adverts from "#app/routes/adverts/route.tsx";
import * as advertCategory from "#app/routes/advert-category/route.tsx";
import * as savedSearches from "#app/routes/cabinet-saved-searches/route.tsx";
import { advertListQueries } from "#app/modules/adverts/queries.server.ts";
import { parseNearFilter } from "#app/modules/taxonomy/near.server.ts";
import { listLocations } from "#app/modules/taxonomy/public-terms.server.ts";
import { runAlertJob } from "#app/modules/saved-searches/alerts.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { distanceKm, type GeoPoint } from "#app/platform/geo/radius.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { insertAdvertCategories, JOBS_AND_VEHICLES, liveForDays } from "../support/adverts.ts";
import { insertJobAdvert } from "./job-adverts.ts";

const t = useTestDatabase();
const KRAKOW: GeoPoint = { latitude: 50.0647, longitude: 19.945 };
/** Degrees of latitude per km on earthdistance's sphere (radius.ts measures on the same). */
const DEGREES_PER_KM = 180 / (Math.PI * 6378.168);
const northOf = (km: number): GeoPoint => ({ latitude: KRAKOW.latitude + km * DEGREES_PER_KM, longitude: KRAKOW.longitude });

const PLACES = {
  krakiv: { name_uk: "Краків", name_en: "Kraków", point: KRAKOW },
  /** 19.95 km north: inside 20 km. */
  inside: { name_uk: "Ближнє", name_en: "Nearby", point: northOf(19.95) },
  /** 20.05 km north: outside 20 km. */
  outside: { name_uk: "Дальнє", name_en: "Farther", point: northOf(20.05) },
  far: { name_uk: "Далеко", name_en: "Far away", point: northOf(80) },
  /** A city staff gave no point: only ever itself. */
  nopoint: { name_uk: "Без точки", name_en: "No point", point: null },
} as const;
type Place = keyof typeof PLACES;

const place: Record<string, number> = {};
let ownerId: number;
let robota: number;
let transport: number;
let salary: number;
let dataDir: string;
let counter = 0;
const HOUR = 60 * 60 * 1000;

async function insertAdvert(where: Place, values: Partial<NewAdvertisement> = {}) {
  const slug = `near-${where}-${++counter}`;
  await t.db
    .insertInto("advertisements")
    .values({
      slug,
      owner_id: ownerId,
      category_id: transport,
      location_id: place[where]!,
      title: `Велосипед ${counter}`,
      description: "Міський велосипед у доброму стані.",
      price_kind: "amount",
      price_amount: "500.00",
      price_currency: "PLN",
      contact_name: "Оля",
      email: "olia@example.test",
      show_phone: false,
      ...liveForDays(20),
      ...values,
    })
    .execute();
  return slug;
}

/** Adverts by place, the list order newest first (raised later = higher). */
const slugs: Record<string, string> = {};

beforeAll(async () => {
  dataDir = useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  ownerId = (await makeUser({ name: "Оля" })).id;
  [robota, transport] = (await insertAdvertCategories(t.db, JOBS_AND_VEHICLES)) as [number, number];
  const rows = await t.db
    .insertInto("locations")
    .values(
      Object.entries(PLACES).map(([slug, { point, ...names }], index) => ({
        slug,
        ...names,
        position: index + 1,
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
      })),
    )
    .returning(["id", "slug"])
    .execute();
  for (const row of rows) place[row.slug] = row.id;
  // Newest first: "inside" is the freshest, so nearest first visibly reorders the list.
  const raised = (hoursAgo: number) => ({ raised_at: new Date(Date.now() - hoursAgo * HOUR) });
  slugs.inside = await insertAdvert("inside", raised(1));
  slugs.krakivNew = await insertAdvert("krakiv", raised(2));
  slugs.outside = await insertAdvert("outside", raised(3));
  slugs.krakivOld = await insertAdvert("krakiv", raised(4));
  slugs.far = await insertAdvert("far", raised(5));
  slugs.nopoint = await insertAdvert("nopoint", raised(6));
  const [field] = await t.db
    .insertInto("advert_fields")
    .values([{ category_id: robota, key: "salary_from", kind: "number", label_uk: "Зарплата від", position: 0 }])
    .returning("id")
    .execute();
  salary = field!.id;
});

async function list(query: string) {
  const data = await callAppRoute(adverts.loader, { url: `/us/advertisement?${query}` });
  return {
    slugs: data.items.map((item) => item.slug),
    distances: Object.fromEntries(data.items.map((item) => [item.slug, item.distanceKm])),
    total: data.pagination.total,
    query: data.query,
  };
}

describe("the advert list near a place", () => {
  it("puts the test cities where they should be", () => {
    expect(distanceKm(KRAKOW, PLACES.inside.point)).toBeLessThan(20);
    expect(distanceKm(KRAKOW, PLACES.outside.point)).toBeGreaterThan(20);
  });

  it("lists exactly the adverts of the cities within the radius, with their distances", async () => {
    const near = await list("near=krakiv&radius=20");
    expect(near.slugs).toEqual([slugs.inside, slugs.krakivNew, slugs.krakivOld]);
    expect(near.total).toBe(3);
    expect(near.distances[slugs.krakivNew!]).toBeCloseTo(0, 5);
    expect(near.distances[slugs.inside!]).toBeCloseTo(19.95, 1);
    expect(near.query).toMatchObject({ near: "krakiv", radius: 20, sort: "newest" });

    const wider = await list("near=krakiv&radius=100");
    expect(wider.slugs.sort()).toEqual([slugs.inside, slugs.krakivNew, slugs.outside, slugs.krakivOld, slugs.far].sort());
    expect(wider.distances[slugs.far!]).toBeCloseTo(80, 0);
  });

  it("orders nearest first, then newest; any distance lists everything, the pointless city last", async () => {
    expect((await list("near=krakiv&radius=20&sort=nearest")).slugs).toEqual([slugs.krakivNew, slugs.krakivOld, slugs.inside]);
    const anywhere = await list("near=krakiv&radius=any&sort=nearest");
    expect(anywhere.slugs).toEqual([slugs.krakivNew, slugs.krakivOld, slugs.inside, slugs.outside, slugs.far, slugs.nopoint]);
    expect(anywhere.distances[slugs.nopoint!]).toBeNull();
    expect(anywhere.total).toBe(6);
  });

  it("keeps `?location=` and a place without a radius meaning the city itself, with no distances", async () => {
    for (const query of ["location=krakiv", "near=krakiv", "near=krakiv&radius=7"]) {
      const result = await list(query);
      expect(result.slugs, query).toEqual([slugs.krakivNew, slugs.krakivOld]);
      expect(Object.values(result.distances), query).toEqual([null, null]);
      expect(result.query, query).toMatchObject({ near: "krakiv", radius: null });
    }
    // A radius without a place says nothing: the address is cleaned of it.
    const cleaned = await callAppRoute(adverts.loader, { url: "/advertisement?location=krakiv&radius=20" }).catch(
      (error: unknown) => error,
    );
    expect((cleaned as Response).headers.get("Location")).toBe("/advertisement?location=krakiv");
    // Nearest first means nothing there: newest first.
    expect((await list("near=krakiv&sort=nearest")).query.sort).toBe("newest");
    // A city without a point is only itself, whatever radius the address asks.
    expect((await list("near=nopoint&radius=100")).slugs).toEqual([slugs.nopoint]);
  });

  it("answers an unknown place with the 404", async () => {
    expect(await thrownStatus(callAppRoute(adverts.loader, { url: "/advertisement?near=atlantis&radius=20" }))).toBe(404);
    expect(await thrownStatus(callAppRoute(adverts.loader, { url: "/advertisement?location=atlantis" }))).toBe(404);
  });

  it("filters by the category's fields within the radius (answered from the values' copies) and nearest first", async () => {
    const job = (where: Place, value: number, hoursAgo: number) =>
      insertJobAdvert(
        t.db,
        { ownerId, categoryId: robota, locationId: place[where]!, fields: { salary_from: salary } },
        `job-${where}-${value}`,
        { salary: value },
        { raised_at: new Date(Date.now() - hoursAgo * HOUR) },
      );
    const inside = await job("inside", 5000, 1);
    const krakiv = await job("krakiv", 6000, 2);
    await job("outside", 7000, 3);
    await job("krakiv", 100, 4);
    const locations = await listLocations("uk");
    for (const [sort, order] of [
      ["newest", [inside, krakiv]],
      ["nearest", [krakiv, inside]],
    ] as const) {
      const near = parseNearFilter(new URL("https://portal.example/advertisement?near=krakiv&radius=20"), locations);
      const { rows, count } = advertListQueries(
        {
          minPrice: null,
          maxPrice: null,
          currency: null,
          withPhotos: false,
          sort,
          categoryIds: [robota],
          near,
          fieldFilters: [{ fieldId: salary, kind: "number", min: 1000, max: null }],
        },
        1,
      );
      expect(
        (await rows.execute()).map((row) => row.id),
        sort,
      ).toEqual(order);
      expect(Number((await count.executeTakeFirstOrThrow()).total), sort).toBe(2);
    }
    // The same through the category's page.
    const page = await callAppRoute(advertCategory.loader, {
      url: "/advertisement/category/robota?near=krakiv&radius=20&f.salary_from.min=1000",
      params: { slug: "robota" },
    });
    expect(page.items.map((item) => item.id)).toEqual([inside, krakiv]);
  });
});

describe("a saved search with a radius", () => {
  it("stores the place and radius, shows them, and alerts only adverts within the radius", async () => {
    const user = await makeUser({ name: "Reader" });
    const cookie = await sessionCookieFor(user.id);
    const url = "/us/advertisement?near=krakiv&radius=20";
    await callWithSession(adverts.action, { url, cookie, form: { intent: "save-search", name: "Bikes near Kraków" } });
    const row = await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.filters).toEqual({ location: "krakiv", radius: 20 });
    await t.db.updateTable("saved_searches").set({ alert: "instant" }).where("id", "=", row.id).execute();

    const listed = await callWithSession(savedSearches.loader, { url: "/us/cabinet/saved-searches", cookie });
    expect(listed.result.searches[0]).toMatchObject({
      path: "/us/advertisement?near=krakiv&radius=20",
      place: { name: "Kraków", radius: 20 },
    });

    // Live now (after the search was saved), as the scan sees them.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const published = { published_at: new Date() };
    const within = await insertAdvert("inside", { ...published, title: "Bike just inside" });
    const city = await insertAdvert("krakiv", { ...published, title: "Bike in the city" });
    await insertAdvert("outside", { ...published, title: "Bike just outside" });
    await insertAdvert("far", { ...published, title: "Bike far away" });
    await runAlertJob(new Date(Date.now() + 1000));
    await runQueuedJobs();

    const matched = await t.db
      .selectFrom("alert_matches as m")
      .innerJoin("advertisements as a", "a.id", "m.advertisement_id")
      .select("a.slug")
      .where("m.saved_search_id", "=", row.id)
      .execute();
    expect(matched.map((match) => match.slug).sort()).toEqual([within, city].sort());
    const mails = readOutbox(dataDir).filter((mail) => mail.to.includes(user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Bike just inside");
    expect(mails[0]!.text).toContain("Bike in the city");
    expect(mails[0]!.text).not.toContain("Bike just outside");
    expect(mails[0]!.text).not.toContain("Bike far away");
  });

  it("reads a search saved before radii (`location` alone) as the city itself", async () => {
    const user = await makeUser({ name: "Reader" });
    const cookie = await sessionCookieFor(user.id);
    await t.db
      .insertInto("saved_searches")
      .values({
        user_id: user.id,
        name: "Old",
        locale: "us",
        category_slug: null,
        query_text: null,
        filters: JSON.stringify({ location: "krakiv" }),
      })
      .execute();
    const listed = await callWithSession(savedSearches.loader, { url: "/us/cabinet/saved-searches", cookie });
    expect(listed.result.searches[0]).toMatchObject({
      path: "/us/advertisement?near=krakiv",
      place: { name: "Kraków", radius: null },
      dropped: false,
    });
  });
});
