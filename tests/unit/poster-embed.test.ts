// The events calendar other sites frame (/embed/poster): through the real server and root
// middleware, the only path whose answers allow framing, never with a cookie set or a script;
// its filters, language, theme and limit; refusals as bare pages; the organisation page's code.
// Framing in a real browser: tests/e2e/embed.spec.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { middleware as rootMiddleware } from "#app/root.tsx";
import * as embedRoute from "#app/routes/embed-poster/route.tsx";
import * as posterFeed from "#app/routes/feeds-posters/route.ts";
import * as diasporaItem from "#app/routes/diaspora-item/route.tsx";
import { createSession, commitSessionCookie } from "#app/modules/auth/session.server.ts";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { flashHeader } from "#app/platform/http/flash.server.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { clearPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { makeUser, useAccountConfig } from "../support/auth.ts";
import { listenAppServer } from "../support/app-server.ts";
import { callAppRoute } from "../support/app-route.ts";
import { useClientDir } from "../support/client-dir.ts";
import { useTestDatabase } from "../support/db.ts";
import { testBuild } from "../support/loader-build.ts";
import { buildContext, cookieHeader } from "../support/route.ts";
import { DAY, HOUR, ago, daysAheadAt, insertFixture, type Fixture } from "./content-support.ts";

const t = useTestDatabase();
const client = useClientDir("portal-embed-");
const ORIGIN = "https://portal.example";
let fixture: Fixture;
let app: Awaited<ReturnType<typeof listenAppServer>>;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: ORIGIN });
  fixture = await insertFixture(t.db);
  // The concert is the Berlin community's; one more event of theirs, later, in no category.
  await t.db
    .updateTable("posters")
    .set({ organisation_id: fixture.diaspors["hromada-berlina"]! })
    .where("slug", "=", "kontsert-nadii")
    .execute();
  await t.db
    .insertInto("posters")
    .values({
      slug: "vechir-poezii",
      title_uk: "Вечір поезії <b>&</b>",
      title_en: "Poetry evening",
      description_uk: "<p>Вірші.</p>",
      location_id: fixture.locations.berlin,
      organisation_id: fixture.diaspors["hromada-berlina"]!,
      starts_at: daysAheadAt(8, 17),
      status: "published",
      published_at: ago(DAY),
    })
    .execute();
  const build = testBuild({
    document: (_request, status, headers) => new Response("<!doctype html><title>a page</title>", { status, headers }),
    root: { middleware: rootMiddleware },
    routes: {
      embed: { path: "embed/poster", module: embedRoute },
      embedUs: { path: "us/embed/poster", module: embedRoute },
      feed: { path: "poster/rss.xml", module: posterFeed },
    },
    clientDir: client.path,
  });
  app = await listenAppServer({
    build,
    database: t.database,
    clientDir: client.path,
    origin: ORIGIN,
    loadContext: () => buildContext([[clientAddressContext, "203.0.113.9"]]),
  });
});

afterAll(() => app?.stop());

beforeEach(() => {
  clearPageCache();
  resetContentState();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${app.port}${path}`, { headers });

/** The events' titles in the order the page lists them. */
function titles(html: string): string[] {
  return [...html.matchAll(/<h2[^>]*><a [^>]*>(.*?)<\/a><\/h2>/g)].map((match) => match[1]!);
}

function directives(csp: string | null): Record<string, string> {
  return Object.fromEntries((csp ?? "").split("; ").map((part) => [part.split(" ")[0], part.split(" ").slice(1).join(" ")]));
}

describe("framing", () => {
  it("the embed, in both languages, may be framed by any site: no X-Frame-Options, frame-ancestors *", async () => {
    for (const path of ["/embed/poster", "/us/embed/poster?theme=dark"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-frame-options"), path).toBeNull();
      const policy = directives(response.headers.get("content-security-policy"));
      expect(policy["frame-ancestors"], path).toBe("*");
      // It runs nothing and loads nothing: its styles are inline.
      expect(policy["default-src"]).toBe("'none'");
      expect(policy["script-src"]).toBeUndefined();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("every other answer refuses framing, refusals of the embed's own path included", async () => {
    for (const path of [
      "/poster/rss.xml",
      "/robots.txt",
      "/embed/poster/x",
      "/embedded/poster",
      "/embed/poster.data",
      "/uk/embed/poster",
    ]) {
      const response = await get(path);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("content-security-policy") ?? "", path).not.toMatch(/frame-ancestors \*/);
    }
  });
});

describe("no cookie and no script", () => {
  it("sets no cookie whatever the visitor sends: a session due for renewal, a stale one, a flash toast", async () => {
    const user = await makeUser();
    const { token, id: sessionId } = await createSession(user.id, "vitest");
    const live = cookieHeader(await commitSessionCookie(token));
    // Seen long ago: the next request renews it, which sets the cookie again on any other page.
    const renew = () =>
      t.db
        .updateTable("sessions")
        .set({ last_seen_at: ago(7 * DAY) })
        .where("id", "=", sessionId)
        .execute();
    const stale = cookieHeader(await commitSessionCookie("no-such-session-token-0000000000"));
    const flash = cookieHeader(await flashHeader({ severity: "info", message: "auth:flash.signed_out" }));
    for (const cookie of [live, stale, flash, `${live}; ${flash}`]) {
      await renew();
      const control = await get("/poster/rss.xml", { Cookie: cookie });
      // The same cookies make the session middleware set one on a page that is not framed…
      if (cookie !== flash) expect(control.headers.getSetCookie(), cookie).not.toEqual([]);
      await renew();
      // …and none on the embed.
      const response = await get("/embed/poster", { Cookie: cookie });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie(), cookie).toEqual([]);
    }
    for (const path of ["/embed/poster?category=nope", "/embed/poster?theme=blue"]) {
      await renew();
      expect((await get(path, { Cookie: stale })).headers.getSetCookie(), path).toEqual([]);
    }
  });

  it("has no script, declares its language, and is cached like the public pages", async () => {
    const first = await get("/embed/poster");
    const html = await first.text();
    expect(html).toMatch(/^<!doctype html><html lang="uk">/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toContain("<h1>Найближчі події</h1>");
    expect(first.headers.get("cache-control")).toMatch(/^public, /);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const again = await get("/embed/poster");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toBe(html);
    // The kept copy still gets the embed's headers (they are the server's, not the copy's).
    expect(again.headers.get("x-frame-options")).toBeNull();
  });
});

describe("the list", () => {
  it("lists upcoming events soonest first, each linking to its page at PUBLIC_URL in a new window, and the full list", async () => {
    const html = await (await get("/embed/poster", { Host: "evil.example", "X-Forwarded-Host": "evil.example" })).text();
    expect(titles(html)).toEqual(["Концерт «Голоси надії»", "Виставка рушників", "Вечір поезії &lt;b&gt;&amp;&lt;/b&gt;"]);
    expect(html).not.toContain("Минулий ярмарок");
    expect(html).not.toContain("Чернетка події");
    expect(html).toContain(`<a href="${ORIGIN}/poster/kontsert-nadii" target="_blank" rel="noopener">`);
    expect(html).toContain(`<a href="${ORIGIN}/poster" target="_blank" rel="noopener">Більше подій</a>`);
    expect(html).toContain("Філармонія, Варшава");
    expect(html).toMatch(/<time dateTime="[^"]+Z">/i);
    expect(html).not.toContain("evil.example");
  });

  it("narrows to an organisation, a category, a place, and takes a limit", async () => {
    const list = async (query: string) => titles(await (await get(`/embed/poster?${query}`)).text());
    expect(await list("organisation=hromada-berlina")).toEqual(["Концерт «Голоси надії»", "Вечір поезії &lt;b&gt;&amp;&lt;/b&gt;"]);
    expect(await list("organisation=plast-varshava")).toEqual([]);
    expect(await list("category=kontserty")).toEqual(["Концерт «Голоси надії»"]);
    expect(await list("location=berlin")).toEqual(["Виставка рушників", "Вечір поезії &lt;b&gt;&amp;&lt;/b&gt;"]);
    expect(await list("organisation=hromada-berlina&location=berlin")).toEqual(["Вечір поезії &lt;b&gt;&amp;&lt;/b&gt;"]);
    expect(await list("limit=1")).toEqual(["Концерт «Голоси надії»"]);
    expect(await list("limit=50")).toHaveLength(3);
    const html = await (await get("/embed/poster?organisation=plast-varshava&category=kontserty&location=varshava")).text();
    expect(html).toContain('<p class="scope">Пласт Варшава · Концерти · Варшава</p>');
    expect(html).toContain("Найближчих подій немає.");
    // The full list keeps the category and the place (the list has no organisation filter).
    expect(html).toContain(`href="${ORIGIN}/poster/category/kontserty?location=varshava"`);
  });

  it("in English under /us, with the dark theme on request", async () => {
    const html = await (await get("/us/embed/poster?organisation=hromada-berlina&theme=dark")).text();
    expect(html).toMatch(/^<!doctype html><html lang="en" class="p-dark">/);
    expect(html).toContain("<h1>Upcoming events</h1>");
    expect(html).toContain("Berlin community");
    expect(titles(html)[0]).toBe("“Voices of hope” concert");
    // A title with no English text is the Ukrainian one, marked as such.
    const berlin = await (await get("/us/embed/poster?location=berlin")).text();
    expect(berlin).toContain(`<h2 lang="uk"><a href="${ORIGIN}/us/poster/vystavka-berlin"`);
    expect(berlin).toContain(`<h2><a href="${ORIGIN}/us/poster/vechir-poezii"`);
    expect(html).toContain(`href="${ORIGIN}/us/poster" target="_blank" rel="noopener">More events</a>`);
    expect(await (await get("/embed/poster?theme=light")).text()).toMatch(/^<!doctype html><html lang="uk">/);
  });

  it("refuses unknown slugs (404) and junk (400) with a small page of its own, never a 5xx", async () => {
    const cases: Array<[string, number]> = [
      ["organisation=nope", 404],
      ["organisation=%00", 404],
      [`organisation=${"a".repeat(5000)}`, 404],
      ["organisation=hromada-berlina%27--", 404],
      ["category=nope", 404],
      ["category=kultura", 404],
      ["location=atlantyda", 404],
      ["near=atlantyda&radius=50", 404],
      ["theme=blue", 400],
      ["theme=dark&theme=light", 400],
      ["limit=0", 400],
      ["limit=51", 400],
      ["limit=-1", 400],
      ["limit=1e3", 400],
      ["limit=abc", 400],
      ["organisation=a&organisation=b", 400],
    ];
    for (const [query, status] of cases) {
      const response = await get(`/embed/poster?${query}`);
      expect(response.status, query).toBe(status);
      const html = await response.text();
      expect(html, query).toMatch(/^<!doctype html><html lang="uk">/);
      expect(html, query).toContain("Календар не вдається показати");
      expect(html).not.toMatch(/<script/i);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const english = await get("/us/embed/poster?organisation=nope");
    expect(await english.text()).toContain("The organisation, category or place in its address was not found");
  });

  it("skips past and cancelled dates", async () => {
    const id = (
      await t.db
        .insertInto("posters")
        .values({
          slug: "skasovana",
          title_uk: "Скасована подія",
          starts_at: daysAheadAt(2, 12),
          status: "published",
          published_at: ago(HOUR),
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.updateTable("poster_occurrences").set({ cancelled_at: new Date() }).where("poster_id", "=", id).execute();
    const html = await (await get("/embed/poster")).text();
    expect(html).not.toContain("Скасована подія");
    expect(titles(html)).toHaveLength(3);
  });
});

describe("the organisation page's code", () => {
  it("offers an <iframe> of its events at PUBLIC_URL, in the page's language", async () => {
    const uk = await callAppRoute(diasporaItem.loader, { url: "/diaspors/hromada-berlina", params: { slug: "hromada-berlina" } });
    expect(uk.embedCode).toBe(
      `<iframe src="${ORIGIN}/embed/poster?organisation=hromada-berlina" title="Події: Громада Берліна" width="100%" height="480" loading="lazy" style="border:0"></iframe>`,
    );
    const en = await callAppRoute(diasporaItem.loader, { url: "/us/diaspors/hromada-berlina", params: { slug: "hromada-berlina" } });
    expect(en.embedCode).toContain(`src="${ORIGIN}/us/embed/poster?organisation=hromada-berlina" title="Events of Berlin community"`);
  });

  it("escapes the organisation's name in the code", async () => {
    await t.db.updateTable("diaspors").set({ name_uk: `Клуб "<ось>" & Ко` }).where("slug", "=", "plast-varshava").execute();
    const page = await callAppRoute(diasporaItem.loader, { url: "/diaspors/plast-varshava", params: { slug: "plast-varshava" } });
    expect(page.embedCode).toContain('title="Події: Клуб &quot;&lt;ось&gt;&quot; &amp; Ко"');
  });
});
