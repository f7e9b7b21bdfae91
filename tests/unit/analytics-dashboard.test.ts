// The dashboard's visitor numbers: folding of old visits, the 30-day statistics, the
// dashboard home's data, the demo visits, and the widgets' locale.
import { sql } from "kysely";
import { localeOption } from "primereact/api";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import * as dashboard from "#app/routes/dashboard/route.tsx";
import { foldOldVisits } from "#app/modules/analytics/maintenance.server.ts";
import { getDailySalt } from "#app/modules/analytics/salt.server.ts";
import { visitorStats } from "#app/modules/analytics/stats.server.ts";
import { sessionContext } from "#app/modules/auth/guards.server.ts";
import type { CurrentSession } from "#app/modules/auth/session.server.ts";
import { formatWidgetDate, primeLocaleOptions, usePrimeLocale } from "#app/components/shell/prime-locale.ts";
import { seedVisits } from "../../scripts/seed/visits.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute } from "../support/app-route.ts";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2031-06-15T10:00:00Z");
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 60 * 60 * 1000);

type VisitRow = { visited_at: Date; path?: string; locale?: string; device_class?: string; visitor_hash?: string };
async function insertVisits(rows: VisitRow[]) {
  await t.db
    .insertInto("visits")
    .values(rows.map((row) => ({ path: "/", locale: "ua", device_class: "mobile", visitor_hash: "v1", ...row })))
    .execute();
}

beforeEach(async () => {
  await t.db.deleteFrom("visits").execute();
  await t.db.deleteFrom("visit_daily_totals").execute();
  await t.db.deleteFrom("presence").execute();
});

describe("folding visits older than 90 days", () => {
  it("moves whole UTC days past 90 days into daily totals, adding to totals already there", async () => {
    const cutoff = new Date("2031-03-17T00:00:00Z"); // 90 days before 2031-06-15
    await insertVisits([
      { visited_at: ago(100), path: "/novyny" },
      { visited_at: ago(100, 1), path: "/novyny" },
      { visited_at: ago(100), path: "/novyny", device_class: "desktop" },
      { visited_at: new Date(cutoff.getTime() - 1) },
      { visited_at: cutoff },
      { visited_at: ago(10) },
    ]);
    await t.db
      .insertInto("visit_daily_totals")
      .values({ day: "2031-03-07", path: "/novyny", locale: "ua", device_class: "mobile", count: 5 })
      .execute();

    expect(await foldOldVisits(NOW)).toBe(4);
    const left = await t.db.selectFrom("visits").select("visited_at").orderBy("visited_at").execute();
    expect(left.map((row) => new Date(row.visited_at).toISOString())).toEqual([cutoff.toISOString(), ago(10).toISOString()]);
    const { rows } = await sql<{ day: string; path: string; device_class: string; count: number }>`
      select to_char(day, 'YYYY-MM-DD') as day, path, device_class, count from visit_daily_totals order by day, path, device_class`.execute(
      t.db,
    );
    expect(rows).toEqual([
      { day: "2031-03-07", path: "/novyny", device_class: "desktop", count: 1 },
      { day: "2031-03-07", path: "/novyny", device_class: "mobile", count: 7 },
      { day: "2031-03-16", path: "/", device_class: "mobile", count: 1 },
    ]);
    // Nothing left to fold.
    expect(await foldOldVisits(NOW)).toBe(0);
  });

  it("happens when a new day's salt is created", async () => {
    const later = new Date("2032-01-20T00:00:30Z");
    await insertVisits([{ visited_at: new Date("2031-09-01T12:00:00Z") }, { visited_at: new Date("2032-01-19T12:00:00Z") }]);
    await getDailySalt(later);
    expect(await t.db.selectFrom("visits").selectAll().execute()).toHaveLength(1);
    expect(await t.db.selectFrom("visit_daily_totals").select("count").execute()).toEqual([{ count: 1 }]);
  });
});

describe("visitorStats", () => {
  it("counts visits and visitors per day over 30 days, by language, device and page, and who is online", async () => {
    await insertVisits([
      { visited_at: ago(0), path: "/", visitor_hash: "a" },
      { visited_at: ago(0, 1), path: "/novyny", visitor_hash: "a" },
      { visited_at: ago(0, 2), path: "/us/novyny", locale: "us", device_class: "desktop", visitor_hash: "b" },
      { visited_at: ago(3), path: "/novyny", device_class: "tablet", visitor_hash: "c" },
      { visited_at: ago(29, -9), path: "/poster", visitor_hash: "d" },
      { visited_at: ago(31), path: "/old", visitor_hash: "e" },
    ]);
    await t.db
      .insertInto("visit_daily_totals")
      .values({ day: "2031-06-10", path: "/novyny", locale: "ua", device_class: "mobile", count: 4 })
      .execute();
    await t.db
      .insertInto("presence")
      .values([
        { visitor_hash: "a", path: "/", last_seen_at: new Date(NOW.getTime() - 60_000) },
        { visitor_hash: "b", path: "/us", last_seen_at: new Date(NOW.getTime() - 3 * 60_000) },
      ])
      .execute();

    const stats = await visitorStats(NOW);
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]!.day).toBe("2031-05-17");
    expect(stats.days.at(-1)).toEqual({ day: "2031-06-15", visits: 3, visitors: 2 });
    expect(stats.days.find((day) => day.day === "2031-06-12")).toEqual({ day: "2031-06-12", visits: 1, visitors: 1 });
    expect(stats.days.find((day) => day.day === "2031-06-10")).toEqual({ day: "2031-06-10", visits: 4, visitors: 0 });
    expect(stats.days.find((day) => day.day === "2031-05-17")).toEqual({ day: "2031-05-17", visits: 1, visitors: 1 });
    expect(stats.days.find((day) => day.day === "2031-06-01")).toEqual({ day: "2031-06-01", visits: 0, visitors: 0 });
    expect(stats.totals).toEqual({ visits: 9, visitors: 4 });
    expect(stats.byLocale).toEqual([
      { locale: "ua", visits: 8 },
      { locale: "us", visits: 1 },
    ]);
    expect(stats.byDevice).toEqual([
      { deviceClass: "mobile", visits: 7 },
      { deviceClass: "tablet", visits: 1 },
      { deviceClass: "desktop", visits: 1 },
    ]);
    expect(stats.topPages[0]).toEqual({ path: "/novyny", visits: 6 });
    expect(stats.topPages.map((page) => page.path)).not.toContain("/old");
    expect(stats.onlineNow).toBe(1);
  });

  it("is all zeros without visits", async () => {
    const stats = await visitorStats(NOW);
    expect(stats.totals).toEqual({ visits: 0, visitors: 0 });
    expect(stats.days.every((day) => day.visits === 0)).toBe(true);
    expect(stats.topPages).toEqual([]);
  });
});

describe("the dashboard home", () => {
  it("gives staff the visitor numbers and their device", async () => {
    await insertVisits([{ visited_at: new Date(), path: "/poster" }]);
    const context = new RouterContextProvider();
    const session: CurrentSession = {
      id: "s",
      expiresAt: new Date(Date.now() + DAY),
      lastSeenAt: new Date(),
      user: {
        id: 1,
        email: "editor@example.test",
        name: "Editor",
        phone: null,
        role: "editor",
        emailVerified: true,
        preferredLocale: "ua",
      },
    };
    context.set(sessionContext, session);
    const data = await callAppRoute(dashboard.loader, {
      url: "/dashboard",
      context,
      headers: {
        "User-Agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      },
    });
    expect(data.visitors.totals.visits).toBe(1);
    expect(data.visitors.topPages).toEqual([{ path: "/poster", visits: 1 }]);
    expect(data.device.deviceClass).toBe("mobile");
  });
});

describe("demo visits", () => {
  it("fill 30 days, so a fresh install has charts to show", async () => {
    const lines: string[] = [];
    await seedVisits({ db: t.db, now: NOW, log: (line) => void lines.push(line) });
    const stats = await visitorStats(NOW);
    expect(stats.days.every((day) => day.visits > 0)).toBe(true);
    expect(stats.byLocale.map((row) => row.locale)).toEqual(["ua", "us"]);
    expect(stats.byDevice.map((row) => row.deviceClass)).toEqual(["mobile", "tablet", "desktop"]);
    expect(lines.join("\n")).toMatch(/visits over 30 days/);
  });
});

describe("widget strings and formats", () => {
  it("are Ukrainian dd.mm.yy with Monday first, and English mm/dd/yy with Sunday first", () => {
    expect(primeLocaleOptions("uk")).toMatchObject({
      dateFormat: "dd.mm.yy",
      firstDayOfWeek: 1,
      today: "Сьогодні",
      weekHeader: "Тиж",
      accept: "Так",
      reject: "Ні",
      emptyMessage: "Нічого не знайдено",
    });
    expect(primeLocaleOptions("en")).toMatchObject({
      dateFormat: "mm/dd/yy",
      firstDayOfWeek: 0,
      today: "Today",
      weekHeader: "Wk",
      accept: "Yes",
      reject: "No",
      emptyMessage: "No results found",
    });
    expect(primeLocaleOptions("uk").dayNamesMin).toHaveLength(7);
  });

  it("become PrimeReact's locale for the page being rendered", () => {
    // What PrimeReact's widgets call: the option of the current global locale.
    const current = localeOption as (key: string) => unknown;
    usePrimeLocale("en");
    expect(current("emptyMessage")).toBe("No results found");
    expect(current("today")).toBe("Today");
    usePrimeLocale("uk");
    expect(current("today")).toBe("Сьогодні");
    expect(current("weekHeader")).toBe("Тиж");
    // Labels not translated here keep PrimeReact's own.
    expect((current("aria") as { star?: string }).star).toBeTruthy();
  });

  it("format days the way the widgets read their format", () => {
    expect(formatWidgetDate("2031-06-05", "uk")).toBe("05.06.2031");
    expect(formatWidgetDate("2031-06-05", "en")).toBe("06/05/2031");
  });
});
