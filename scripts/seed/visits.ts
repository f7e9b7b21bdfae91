import { createHash } from "node:crypto";
import type { SeedContext } from "./context.ts";

// Thirty days of demo visits, so the dashboard's visitor charts have something to show on a
// fresh install. Deterministic (a fixed pseudo-random sequence): every seed looks the same.

const DAY_MS = 24 * 60 * 60 * 1000;

const DEVICES = [
  { deviceClass: "mobile", os: "android", browser: "chrome", weight: 38 },
  { deviceClass: "mobile", os: "ios", browser: "safari", weight: 24 },
  { deviceClass: "desktop", os: "windows", browser: "chrome", weight: 16 },
  { deviceClass: "desktop", os: "macos", browser: "safari", weight: 8 },
  { deviceClass: "desktop", os: "linux", browser: "firefox", weight: 4 },
  { deviceClass: "tablet", os: "ios", browser: "safari", weight: 7 },
  { deviceClass: "tablet", os: "android", browser: "chrome", weight: 3 },
] as const;

const REFERRERS = [null, null, null, "www.google.com", "www.facebook.com", "t.me", "www.instagram.com"] as const;

function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedVisits(ctx: Pick<SeedContext, "db" | "now" | "log">): Promise<void> {
  const news = await ctx.db.selectFrom("news").select("slug").where("status", "=", "published").orderBy("id").limit(6).execute();
  const pages = [
    "/",
    "/",
    "/",
    "/novyny",
    "/novyny",
    "/poster",
    "/advertisement",
    "/services",
    "/diaspors",
    "/nashi-kontakty",
    ...news.map((row) => `/novyny/${row.slug}`),
  ];
  const random = sequence(20_240_824);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const totalWeight = DEVICES.reduce((sum, device) => sum + device.weight, 0);
  const pickDevice = () => {
    let roll = random() * totalWeight;
    for (const device of DEVICES) if ((roll -= device.weight) < 0) return device;
    return DEVICES[0];
  };

  const rows = [];
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    const dayStart = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate()) - daysAgo * DAY_MS;
    // More on weekends and a slow rise over the month, like a growing community site.
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
    const count = Math.round((weekend ? 36 : 24) + (29 - daysAgo) * 0.8 + random() * 12);
    const visitors = Math.max(1, Math.round(count * 0.7));
    for (let index = 0; index < count; index++) {
      const visitedAt = new Date(dayStart + Math.floor(random() * DAY_MS));
      if (visitedAt > ctx.now) continue;
      const device = pickDevice();
      const english = random() < 0.22;
      const path = pick(pages);
      const visitor = Math.floor(random() * visitors);
      rows.push({
        visited_at: visitedAt,
        path: english ? (path === "/" ? "/us" : `/us${path}`) : path,
        referrer_host: pick(REFERRERS),
        locale: english ? "us" : "ua",
        device_class: device.deviceClass,
        browser: device.browser,
        os: device.os,
        visitor_hash: createHash("sha256").update(`seed|${daysAgo}|${visitor}`).digest("hex"),
      });
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await ctx.db
      .insertInto("visits")
      .values(rows.slice(start, start + 500))
      .execute();
  }
  ctx.log(`seed: ${rows.length} visits over 30 days`);
}
