// POST /api/visitors/log and POST /api/heartbeat: what is stored (and what never
// is), crawlers, bounded and malformed bodies, rate limits, the daily salt.
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import * as visitorsLog from "#app/routes/api-visitors-log/route.ts";
import * as heartbeat from "#app/routes/api-heartbeat/route.ts";
import { BEACON_LIMITS, handleBeacon } from "#app/modules/analytics/beacon.server.ts";
import { getDailySalt } from "#app/modules/analytics/salt.server.ts";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { buildContext, buildRequest, callRoute, type RouteCallOptions } from "../support/route.ts";

const t = useTestDatabase();

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ALL_CONSENT = [
  "cookie_consent=session~locale~theme~consent~analytics",
  "cookie_consent_enabled=session~locale~theme~consent~analytics",
];

let ipCounter = 0;
/** A fresh documentation address per test, so the per-address limits do not carry over. */
let ip = "";
beforeEach(async () => {
  ip = `203.0.113.${++ipCounter}`;
  await t.db.deleteFrom("visits").execute();
  await t.db.deleteFrom("presence").execute();
});

type Call = { json?: unknown; body?: string; ua?: string; cookie?: string[]; method?: string; headers?: Record<string, string> };

async function call(
  route: { action: (args: any) => Promise<Response> },
  url: string,
  { json, body, ua = CHROME_ANDROID, cookie, method, headers = {} }: Call,
): Promise<Response> {
  const options: RouteCallOptions = {
    url,
    method: method ?? "POST",
    headers: { "User-Agent": ua, ...headers, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    cookie,
    json,
    context: [[clientAddressContext, ip]],
  };
  if (body !== undefined) {
    const request = new Request(buildRequest(options), { body, method: "POST" });
    const context = buildContext(options.context);
    return route.action({ request, url: new URL(request.url), params: {}, context, pattern: url });
  }
  return callRoute(route.action, options);
}

const log = (options: Call) => call(visitorsLog, "/api/visitors/log", options);
const beat = (options: Call) => call(heartbeat, "/api/heartbeat", options);

describe("POST /api/visitors/log", () => {
  it("stores path, referrer host, locale, device, browser, OS and a visitor hash; no IP, no cookie", async () => {
    const response = await log({ json: { path: "/us/novyny/some-story", referrer: "https://www.google.com/search?q=diaspora" } });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const rows = await t.db.selectFrom("visits").selectAll().execute();
    expect(rows).toHaveLength(1);
    const visit = rows[0]!;
    expect(visit).toMatchObject({
      path: "/us/novyny/some-story",
      referrer_host: "www.google.com",
      locale: "us",
      device_class: "mobile",
      browser: "chrome",
      os: "android",
    });
    expect(visit.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(ip);
    // The visitor is online from the first moment.
    expect(await t.db.selectFrom("presence").select(["path"]).execute()).toEqual([{ path: "/us/novyny/some-story" }]);
  });

  it("hashes the day's salt with the IP and user agent, so one visitor is one hash a day", async () => {
    await log({ json: { path: "/" } });
    await log({ json: { path: "/novyny" } });
    await log({ json: { path: "/" }, ua: FIREFOX_LINUX });
    const salt = await getDailySalt();
    const expected = createHash("sha256").update(`${salt}|ip|${ip}|${CHROME_ANDROID}`).digest("hex");
    const hashes = (await t.db.selectFrom("visits").select("visitor_hash").orderBy("id").execute()).map((row) => row.visitor_hash);
    expect(hashes[0]).toBe(expected);
    expect(hashes[1]).toBe(expected);
    expect(hashes[2]).not.toBe(expected);
  });

  it("keeps only external referrers, as hosts", async () => {
    await log({ json: { path: "/", referrer: "http://localhost/novyny" } });
    await log({ json: { path: "/", referrer: "" } });
    await log({ json: { path: "/", referrer: "android-app://org.telegram.messenger/" } });
    const hosts = (await t.db.selectFrom("visits").select("referrer_host").execute()).map((row) => row.referrer_host);
    expect(hosts).toEqual([null, null, null]);
  });

  it("with analytics consent, sets the visitor cookie and hashes its id instead of the address", async () => {
    const first = await log({ json: { path: "/" }, cookie: ALL_CONSENT });
    const setCookie = first.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^visitor_id=[0-9a-f-]{36}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    const visitorId = /^visitor_id=([^;]+)/.exec(setCookie)![1]!;
    ip = "198.51.100.9"; // the phone changed networks
    const second = await log({ json: { path: "/novyny" }, cookie: [...ALL_CONSENT, `visitor_id=${visitorId}`] });
    expect(second.headers.get("Set-Cookie")).toBeNull();
    const hashes = (await t.db.selectFrom("visits").select("visitor_hash").execute()).map((row) => row.visitor_hash);
    expect(new Set(hashes).size).toBe(1);
  });

  it("sets no cookie when analytics was declined, and drops one left from before", async () => {
    const declined = ["cookie_consent=session~locale~theme~consent~analytics", "cookie_consent_enabled=session~locale~theme~consent"];
    const response = await log({ json: { path: "/" }, cookie: declined });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    // Consent from an older list of cookies no longer counts: its visitor id is removed.
    const outdated = [
      "cookie_consent=session~analytics",
      "cookie_consent_enabled=session~analytics",
      "visitor_id=2f1c1b7e-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
    ];
    const cleared = await log({ json: { path: "/" }, cookie: outdated });
    expect(cleared.headers.get("Set-Cookie")).toMatch(/^visitor_id=; .*Max-Age=0/);
    const hashes = (await t.db.selectFrom("visits").select("visitor_hash").execute()).map((row) => row.visitor_hash);
    expect(new Set(hashes).size).toBe(1);
  });

  it("does not count crawlers", async () => {
    expect((await log({ json: { path: "/" }, ua: GOOGLEBOT })).status).toBe(204);
    expect((await log({ json: { path: "/" }, ua: "" })).status).toBe(204);
    expect(await t.db.selectFrom("visits").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("presence").selectAll().execute()).toEqual([]);
  });

  it("does not count the staff dashboard as a visit, but its users are online", async () => {
    await log({ json: { path: "/us/dashboard/news" } });
    expect(await t.db.selectFrom("visits").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("presence").select("path").execute()).toEqual([{ path: "/us/dashboard/news" }]);
  });

  it.each([
    ["not JSON", "{path: /"],
    ["JSON of the wrong shape", JSON.stringify({ path: 42 })],
    ["a full URL instead of a path", JSON.stringify({ path: "https://evil.example/" })],
    ["a path with a query", JSON.stringify({ path: "/verify-request?token=secret" })],
    ["a protocol-relative path", JSON.stringify({ path: "//evil.example/x" })],
    ["an empty body", ""],
  ])("answers %s with 400", async (_name, body) => {
    expect((await log({ body })).status).toBe(400);
    expect(await t.db.selectFrom("visits").selectAll().execute()).toEqual([]);
  });

  it("refuses bodies over 2 KB with 413, whatever Content-Length says", async () => {
    const big = JSON.stringify({ path: "/", referrer: `https://example.com/${"x".repeat(3000)}` });
    expect((await log({ body: big })).status).toBe(413);
    expect((await log({ body: big, headers: { "Content-Length": "10" } })).status).toBe(413);
  });

  it("answers GET with 405", async () => {
    const response = await visitorsLog.loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("is rate limited per address, with Retry-After", async () => {
    const now = new Date();
    await t.db
      .insertInto("rate_limit_events")
      .values(Array.from({ length: BEACON_LIMITS.visit.max }, () => ({ key: `beacon:visit:ip:${ip}`, created_at: now })))
      .execute();
    const response = await log({ json: { path: "/" } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await t.db.selectFrom("visits").selectAll().execute()).toEqual([]);
    // Another address is not affected.
    ip = "192.0.2.200";
    expect((await log({ json: { path: "/" } })).status).toBe(204);
  });
});

describe("POST /api/heartbeat", () => {
  it("keeps the visitor's presence, on the page they are on", async () => {
    const response = await beat({ json: { path: "/poster" } });
    expect(response.status).toBe(204);
    await beat({ json: { path: "/poster/concert" } });
    const rows = await t.db.selectFrom("presence").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.path).toBe("/poster/concert");
    expect(await t.db.selectFrom("visits").selectAll().execute()).toEqual([]);
  });

  it("refuses malformed bodies and is rate limited", async () => {
    expect((await beat({ body: "[]" })).status).toBe(400);
    await t.db
      .insertInto("rate_limit_events")
      .values(Array.from({ length: BEACON_LIMITS.heartbeat.max }, () => ({ key: `beacon:heartbeat:ip:${ip}`, created_at: new Date() })))
      .execute();
    expect((await beat({ json: { path: "/" } })).status).toBe(429);
  });
});

describe("the daily salt", () => {
  it("is kept in the database, one per UTC day; a new day forgets the old salts", async () => {
    const day1 = new Date("2031-03-10T23:59:00Z");
    const day2 = new Date("2031-03-11T00:01:00Z");
    const salt1 = await getDailySalt(day1);
    expect(await getDailySalt(new Date("2031-03-10T08:00:00Z"))).toBe(salt1);
    const salt2 = await getDailySalt(day2);
    expect(salt2).not.toBe(salt1);
    const stored = await t.db.selectFrom("analytics_salts").select("salt").where("salt", "in", [salt1, salt2]).execute();
    expect(stored.map((row) => row.salt)).toEqual([salt2]);
  });

  it("hashes the same visitor differently on another day", async () => {
    const request = () => ({
      request: buildRequest({ url: "/api/visitors/log", json: { path: "/" }, headers: { "User-Agent": CHROME_ANDROID } }),
      context: buildContext([[clientAddressContext, ip]]),
      url: new URL("http://localhost/api/visitors/log"),
    });
    await handleBeacon("visit", request(), new Date("2031-04-01T12:00:00Z"));
    await handleBeacon("visit", request(), new Date("2031-04-02T12:00:00Z"));
    const hashes = await t.db.selectFrom("visits").select("visitor_hash").execute();
    expect(hashes).toHaveLength(2);
    expect(hashes[0]!.visitor_hash).not.toBe(hashes[1]!.visitor_hash);
  });
});
