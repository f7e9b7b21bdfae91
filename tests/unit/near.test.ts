// Distances in the database (cube + earthdistance, migrations/0039) on PGlite and PostgreSQL alike:
// "within r km" keeps exactly the points at most r km away, at the boundary too, and agrees with
// the haversine the browser uses; the near filter's parsing keeps `?location=` meaning the city.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { kmFrom, withinKm } from "#app/platform/geo/earth.server.ts";
import { distanceKm, formatDistance, parseRadius } from "#app/platform/geo/radius.ts";
import { parseNearFilter } from "#app/modules/taxonomy/near.server.ts";
import { nearestPlace } from "#app/components/near-fields.tsx";
import type { LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase();
const KRAKOW = { latitude: 50.0647, longitude: 19.945 };
const WIELICZKA = { latitude: 49.9871, longitude: 20.0645 };

describe("distances in the database", () => {
  it("measures as the haversine does, and keeps a point exactly at the radius", async () => {
    const expected = distanceKm(KRAKOW, WIELICZKA);
    expect(expected).toBeGreaterThan(11);
    expect(expected).toBeLessThan(13);
    const row = await t.db
      .selectNoFrom([
        kmFrom(sql.val(WIELICZKA.latitude), sql.val(WIELICZKA.longitude), KRAKOW).as("km"),
        withinKm(sql.val(WIELICZKA.latitude), sql.val(WIELICZKA.longitude), KRAKOW, expected + 0.001).as("just_inside"),
        withinKm(sql.val(WIELICZKA.latitude), sql.val(WIELICZKA.longitude), KRAKOW, expected - 0.001).as("just_outside"),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(row.km)).toBeCloseTo(expected, 2);
    expect(row.just_inside).toBe(true);
    expect(row.just_outside).toBe(false);
  });
});

describe("the near filter's URL", () => {
  const krakow: LocationOption = { id: 2, slug: "krakiv", name: { text: "Краків" } as LocationOption["name"], point: KRAKOW };
  const nowhere: LocationOption = { id: 3, slug: "nowhere", name: { text: "?" } as LocationOption["name"], point: null };
  const parse = (query: string) => parseNearFilter(new URL(`https://portal.example/advertisement?${query}`), [krakow, nowhere]);

  it("reads the place and the radius; `location` is the place itself", () => {
    expect(parse("near=krakiv&radius=20")).toMatchObject({ place: { id: 2 }, radius: 20 });
    expect(parse("near=krakiv&radius=any")).toMatchObject({ radius: "any" });
    expect(parse("near=krakiv&radius=7")).toMatchObject({ radius: null });
    expect(parse("location=krakiv&radius=20")).toMatchObject({ place: { id: 2 }, radius: null });
    expect(parse("near=nowhere&radius=20")).toMatchObject({ place: { id: 3 }, radius: null });
    expect(parse("")).toBeNull();
    expect(parseRadius("100")).toBe(100);
    expect(formatDistance(0.4, "uk")).toBe("< 1 км");
    expect(formatDistance(12.4, "en")).toBe("12 km");
  });
});

describe("nearest to me", () => {
  it("picks the nearest place with a point, skipping places without one", () => {
    const place = (id: number, slug: string, point: { latitude: number; longitude: number } | null) =>
      ({ id, slug, name: { text: slug }, point }) as LocationOption;
    const places = [place(1, "nowhere", null), place(2, "krakiv", KRAKOW), place(3, "velichka", WIELICZKA)];
    expect(nearestPlace({ latitude: 50.0, longitude: 20.05 }, places)?.slug).toBe("velichka");
    expect(nearestPlace({ latitude: 50.07, longitude: 19.94 }, places)?.slug).toBe("krakiv");
    expect(nearestPlace(KRAKOW, [places[0]!])).toBeNull();
  });
});
