// The public side of adverts: the list with its filters and sorts, the advert page in each
// status, "show phone" and "show email" (limited together), no contact data or owner id in
// the page's data, the RSS feed (plain text), sitemap entries and the home section.
import { beforeAll, describe, expect, it } from "vitest";
import * as advertCategory from "#app/routes/advert-category/route.tsx";
import * as advertFeed from "#app/routes/advert-feed/route.ts";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import * as adverts from "#app/routes/adverts/route.tsx";
import * as search from "#app/routes/search/route.tsx";
import { newestAdvertsSection } from "#app/modules/adverts/home-section.server.ts";
import { CONTACT_REVEAL_LIMIT } from "#app/modules/adverts/page.server.ts";
import { flushCounters } from "#app/modules/analytics/counters.server.ts";
import { advertSitemapEntries } from "#app/modules/adverts/sitemap.server.ts";
import { getInstance } from "#app/i18n/request.server.ts";
import type { Kysely } from "kysely";
import type { DB, NewAdvertisement } from "#db/schema.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { buildContext, buildRequest, catchResponse, unwrapData } from "../support/route.ts";
import { DomUtils, parseDocument } from "htmlparser2";
import type { MiddlewareFunction } from "react-router";
import { i18nextMiddleware } from "#app/middleware/i18next.ts";
import { sessionMiddleware } from "#app/modules/auth/guards.server.ts";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { insertAdvertCategories, insertLocations } from "../support/adverts.ts";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

let ownerId: number;
let ownerCookie: string;
const ids: Record<string, number> = {};

async function insertAdvert(db: Kysely<DB>, key: string, values: Partial<NewAdvertisement>) {
  const row = await db
    .insertInto("advertisements")
    .values({
      slug: key,
      owner_id: ownerId,
      category_id: ids.cat_elektronika!,
      location_id: ids.loc_krakiv!,
      title: `Оголошення ${key}`,
      description: "Опис оголошення достатньої довжини для перевірки.",
      price_kind: "amount",
      price_amount: "100.00",
      price_currency: "PLN",
      contact_name: "Оля",
      email: "olia@example.test",
      phone: "+48 501 234 567",
      show_phone: true,
      status: "published",
      published_at: ago(DAY),
      expires_at: ahead(29 * DAY),
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
}

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  const owner = await makeUser({ name: "Оля" });
  ownerId = owner.id;
  ownerCookie = await sessionCookieFor(owner.id);
  const db = t.db;
  const [zhytlo, elektronika] = await insertAdvertCategories(db, [
    { slug: "zhytlo", name_uk: "Житло", name_en: "Housing" },
    { slug: "elektronika", name_uk: "Електроніка", name_en: "Electronics", position: 3 },
  ]);
  const kimnaty = await db
    .insertInto("categories")
    .values({ kind: "advertisement", slug: "kimnaty", name_uk: "Кімнати", name_en: "Rooms", parent_id: zhytlo!, position: 2 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const [krakiv, berlin] = await insertLocations(db, ["krakiv", "berlin"]);
  Object.assign(ids, {
    cat_zhytlo: zhytlo!,
    cat_elektronika: elektronika!,
    cat_kimnaty: kimnaty.id,
    loc_krakiv: krakiv!,
    loc_berlin: berlin!,
  });
  const image = await db
    .insertInto("images")
    .values({ key: "2026/11/advert-photo", width: 1024, height: 768, variants: [320, 640, 1024], owner_id: ownerId })
    .returning("id")
    .executeTakeFirstOrThrow();

  await insertAdvert(db, "laptop", { price_amount: "2800.00", published_at: ago(1 * 60 * 60 * 1000) });
  await insertAdvert(db, "room", { category_id: kimnaty.id, price_amount: "1400.00", published_at: ago(2 * 60 * 60 * 1000) });
  await insertAdvert(db, "bike-eur", {
    location_id: berlin!,
    price_amount: "450.00",
    price_currency: "EUR",
    published_at: ago(3 * 60 * 60 * 1000),
  });
  await insertAdvert(db, "books-free", {
    price_kind: "free",
    price_amount: null,
    price_currency: null,
    published_at: ago(4 * 60 * 60 * 1000),
  });
  await insertAdvert(db, "tutor-negotiable", {
    price_kind: "negotiable",
    price_amount: null,
    price_currency: null,
    published_at: ago(5 * 60 * 60 * 1000),
    show_phone: false,
  });
  await insertAdvert(db, "expired-by-date", { expires_at: ago(60 * 1000) });
  await insertAdvert(db, "expired-status", { status: "expired" });
  await insertAdvert(db, "sold", { status: "sold" });
  await insertAdvert(db, "pending", { status: "pending", published_at: null, expires_at: null });
  await insertAdvert(db, "archived", { status: "archived" });
  await insertAdvert(db, "rejected", { status: "rejected", rejection_reason: "Немає фото" });
  await insertAdvert(db, "scheduled", { published_at: ahead(DAY) });
  await insertAdvert(db, "deleted-by-staff", { deleted_at: new Date() });
  await db.insertInto("advertisement_images").values({ advertisement_id: ids.laptop!, image_id: image.id, position: 0 }).execute();
});

async function listSlugs(url: string, params: Record<string, string> = {}) {
  const route = params.slug ? advertCategory : adverts;
  const data = await callAppRoute(
    route.loader as (args: any) => Promise<{ items: Array<{ slug: string }>; pagination: { total: number } }>,
    { url, params },
  );
  return data.items.map((item) => item.slug);
}

describe("the advert list", () => {
  it("shows live adverts only, newest first; expiry is decided by expires_at alone", async () => {
    expect(await listSlugs("/advertisement")).toEqual(["laptop", "room", "bike-eur", "books-free", "tutor-negotiable"]);
  });

  it("filters by city, price range and currency, and photos", async () => {
    expect(await listSlugs("/advertisement?location=berlin")).toEqual(["bike-eur"]);
    expect(await listSlugs("/advertisement?min=400&max=1500")).toEqual(["room", "bike-eur"]);
    expect(await listSlugs("/advertisement?min=400&currency=PLN")).toEqual(["laptop", "room"]);
    expect(await listSlugs("/advertisement?photos=1")).toEqual(["laptop"]);
  });

  it("sorts by price: free first and negotiable last either way", async () => {
    expect(await listSlugs("/advertisement?sort=cheapest")).toEqual(["books-free", "bike-eur", "room", "laptop", "tutor-negotiable"]);
    expect(await listSlugs("/advertisement?sort=expensive")).toEqual(["laptop", "room", "bike-eur", "books-free", "tutor-negotiable"]);
  });

  it("a category page lists its subcategories' adverts too", async () => {
    expect(await listSlugs("/advertisement/category/zhytlo", { slug: "zhytlo" })).toEqual(["room"]);
    expect(await listSlugs("/us/advertisement/category/elektronika?location=berlin", { slug: "elektronika" })).toEqual(["bike-eur"]);
    expect(await thrownStatus(callAppRoute(advertCategory.loader, { url: "/advertisement/category/nope", params: { slug: "nope" } }))).toBe(
      404,
    );
  });

  it("the filter form's category choice goes to the category's own address, other filters kept", async () => {
    const response = await catchResponse(callAppRoute(adverts.loader, { url: "/us/advertisement?category=zhytlo&min=10&page=3" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/us/advertisement/category/zhytlo?min=10");
    const back = await catchResponse(
      callAppRoute(advertCategory.loader, { url: "/advertisement/category/zhytlo?category=&sort=cheapest", params: { slug: "zhytlo" } }),
    );
    expect(back.headers.get("Location")).toBe("/advertisement?sort=cheapest");
    const empty = await catchResponse(
      callAppRoute(advertCategory.loader, {
        url: "/advertisement/category/zhytlo?location=&min=&max=5&currency=&sort=newest",
        params: { slug: "zhytlo" },
      }),
    );
    expect(empty.headers.get("Location")).toBe("/advertisement/category/zhytlo?max=5&sort=newest");
  });

  it("an unknown city or a page past the end is the 404", async () => {
    expect(await thrownStatus(callAppRoute(adverts.loader, { url: "/advertisement?location=atlantyda" }))).toBe(404);
    expect(await thrownStatus(callAppRoute(adverts.loader, { url: "/advertisement?page=2" }))).toBe(404);
  });

  it("formats prices in the page's locale and says free or negotiable", async () => {
    const uk = await callAppRoute(adverts.loader, { url: "/advertisement" });
    const en = await callAppRoute(adverts.loader, { url: "/us/advertisement" });
    const price = (data: typeof uk, slug: string) => data.items.find((item) => item.slug === slug)!.price.text;
    expect(price(uk, "laptop")).toBe("2\u00a0800\u00a0zł");
    expect(price(en, "bike-eur")).toBe("€450");
    expect(price(uk, "books-free")).toBe("Безкоштовно");
    expect(price(en, "tutor-negotiable")).toBe("Negotiable");
    expect(en.seo.title).toMatch(/^Classifieds — /);
    expect(en.feed.href).toBe("/us/advertisement/rss.xml");
  });
});

describe("the advert page", () => {
  async function item(slug: string, cookie?: string) {
    if (cookie) return (await callWithSession(advertItem.loader, { url: `/advertisement/${slug}`, params: { slug }, cookie })).result;
    return callAppRoute(advertItem.loader, { url: `/advertisement/${slug}`, params: { slug } });
  }

  it("shows a live advert with its photos, contact block and similar adverts", async () => {
    const data = await item("laptop");
    expect(data.advert).toMatchObject({
      title: "Оголошення laptop",
      status: "published",
      contact: { name: "Оля", hasEmail: true, hasPhone: true },
    });
    expect(data.photos).toHaveLength(1);
    expect(data.photos[0]!.full).toBe("/uploads/images/2026/11/advert-photo-1024.webp");
    expect(data.similar.map((advert) => advert.slug)).toEqual(["bike-eur", "books-free", "tutor-negotiable"]);
    expect(data.preview).toBe(false);
    expect(JSON.stringify(data)).not.toContain("501 234 567");
  });

  /** Every key of a value, at any depth. */
  function keysOf(value: unknown, into = new Set<string>()): Set<string> {
    if (Array.isArray(value)) for (const entry of value) keysOf(entry, into);
    else if (value && typeof value === "object") {
      for (const [key, entry] of Object.entries(value)) {
        into.add(key);
        keysOf(entry, into);
      }
    }
    return into;
  }

  it("the page's data carries neither the seller's email nor the owner's id, for anyone but staff and the owner alike", async () => {
    const editor = await makeUser({ role: "editor" });
    for (const cookie of [undefined, await sessionCookieFor(editor.id)]) {
      const response = await served("laptop", cookie);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).not.toContain("olia@example.test");
      expect(body).not.toContain("mailto:");
      const { loaderData } = JSON.parse(body) as { loaderData: unknown };
      const keys = keysOf(loaderData);
      for (const key of ["ownerId", "owner_id", "userId", "user_id", "authorId", "email"]) expect(keys.has(key), key).toBe(false);
    }
    const own = await item("laptop", ownerCookie);
    expect(own.isOwner).toBe(true);
    expect(JSON.stringify(own)).not.toContain(`"ownerId"`);
    // The lists, the search and the home section show the same adverts without contacts either.
    const lists = [
      await callAppRoute(adverts.loader, { url: "/advertisement" }),
      await callAppRoute(advertCategory.loader, { url: "/advertisement/category/zhytlo", params: { slug: "zhytlo" } }),
      await callAppRoute(search.loader, {
        url: "/search/advertisement?q=%D0%BE%D0%B3%D0%BE%D0%BB%D0%BE%D1%88%D0%B5%D0%BD%D0%BD%D1%8F",
        params: { category: "advertisement" },
      }),
    ];
    expect(JSON.stringify(lists)).toContain("laptop");
    for (const data of lists) {
      expect(JSON.stringify(data)).not.toContain("olia@example.test");
      expect(JSON.stringify(data)).not.toContain("501 234 567");
      const keys = keysOf(data);
      for (const key of ["ownerId", "owner_id", "userId", "user_id", "email", "phone"]) expect(keys.has(key), key).toBe(false);
    }
  });

  it("sold and expired adverts say so; removed, pending and archived ones 404", async () => {
    expect((await item("sold")).advert.status).toBe("sold");
    expect((await item("expired-by-date")).advert.status).toBe("expired");
    expect((await item("expired-status")).advert.status).toBe("expired");
    for (const slug of ["pending", "archived", "rejected", "deleted-by-staff", "no-such-advert"]) {
      expect(await thrownStatus(item(slug)), slug).toBe(404);
    }
  });

  it("the owner previews their own hidden advert, but not one staff deleted", async () => {
    const data = await item("rejected", ownerCookie);
    expect(data).toMatchObject({ preview: true, isOwner: true });
    expect(data.advert.rejectionReason).toBe("Немає фото");
    expect(await thrownStatus(item("deleted-by-staff", ownerCookie))).toBe(404);
  });

  /** The page as the app serves it: root middleware, the route's page cache, the loader. */
  async function served(slug: string, cookie?: string, headers?: HeadersInit): Promise<Response> {
    const request = buildRequest({ url: `/advertisement/${slug}`, cookie, headers });
    const url = new URL(request.url);
    const args = {
      request,
      url,
      pattern: "/advertisement/:slug",
      params: { slug },
      context: buildContext([[clientAddressContext, "198.51.100.40"]]),
    };
    const chain = [
      i18nextMiddleware,
      sessionMiddleware,
      ...(advertItem.middleware as MiddlewareFunction<Response>[]),
    ] as MiddlewareFunction<Response>[];
    const run = async (index: number): Promise<Response> => {
      if (index === chain.length) {
        const loaderData = await advertItem.loader(args as never);
        const meta = advertItem.meta({ loaderData, matches: [], location: { pathname: url.pathname } } as never);
        return new Response(JSON.stringify({ loaderData, meta }), { headers: { "Content-Type": "text/html; charset=utf-8" } });
      }
      return (await chain[index]!(args, () => run(index + 1))) as Response;
    };
    return run(0);
  }

  it("a staff or owner preview of a hidden advert is never cached or indexed; a live one is", async () => {
    const editor = await makeUser({ role: "editor" });
    for (const cookie of [await sessionCookieFor(editor.id), ownerCookie]) {
      const preview = await served("pending", cookie);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
      expect(preview.headers.get("X-Robots-Tag")).toBe("noindex");
      const { meta } = (await preview.json()) as { meta: Array<Record<string, string>> };
      expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    }
    const live = await served("laptop", await sessionCookieFor(editor.id));
    expect(live.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(live.headers.get("X-Robots-Tag")).toBeNull();
    const { meta } = (await live.json()) as { meta: Array<Record<string, string>> };
    expect(meta).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("counts a view once per visitor and day: 50 serves of one visitor are 1, a second visitor 2, a crawler none", async () => {
    const views = async () => {
      await flushCounters();
      return (await t.db.selectFrom("advertisements").select("view_count").where("id", "=", ids["bike-eur"]!).executeTakeFirstOrThrow())
        .view_count;
    };
    const before = await views();
    const firefox = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" };
    for (let i = 0; i < 50; i++) expect((await served("bike-eur", undefined, firefox)).status).toBe(200);
    expect(await views()).toBe(before + 1);
    await served("bike-eur", undefined, {
      "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1",
    });
    expect(await views()).toBe(before + 2);
    for (let i = 0; i < 5; i++)
      await served("bike-eur", undefined, { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" });
    expect(await views()).toBe(before + 2);
  });

  async function reveal(slug: string, ip = "198.51.100.7", intent = "phone") {
    try {
      const { result } = await callWithSession(advertItem.action, {
        url: `/advertisement/${slug}`,
        params: { slug },
        form: { intent },
        ip,
      });
      return unwrapData(result);
    } catch (error) {
      return { status: (error as { init?: ResponseInit }).init?.status ?? (error as Response).status, data: null, headers: new Headers() };
    }
  }

  it("'show phone' answers the number, counts it, and is limited per IP", async () => {
    const first = await reveal("laptop");
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ kind: "phone", phone: "+48 501 234 567", email: null, error: null });
    const row = await t.db
      .selectFrom("advertisements")
      .select("phone_reveal_count")
      .where("id", "=", ids.laptop!)
      .executeTakeFirstOrThrow();
    expect(row.phone_reveal_count).toBe(1);

    for (let i = 0; i < CONTACT_REVEAL_LIMIT.max; i++) expect((await reveal("room", "198.51.100.8")).status).toBe(200);
    const limited = await reveal("room", "198.51.100.8");
    expect(limited.status).toBe(429);
    expect((limited.data as { error: string }).error).toMatch(/^adverts:item\.contact_too_many\|/);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await reveal("room", "198.51.100.9")).status).toBe(200);
  });

  it("'show email' answers the address through the same post and the same limit as the phone", async () => {
    const first = await reveal("laptop", "198.51.100.20", "email");
    expect(first).toMatchObject({ status: 200, data: { kind: "email", email: "olia@example.test", phone: null, error: null } });
    for (let i = 1; i < CONTACT_REVEAL_LIMIT.max; i++)
      expect((await reveal("room", "198.51.100.20", i % 2 ? "phone" : "email")).status).toBe(200);
    const limited = await reveal("laptop", "198.51.100.20", "email");
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ kind: "email", email: null });
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await reveal("laptop", "198.51.100.20", "phone")).status).toBe(429);
    for (const slug of ["sold", "expired-by-date", "pending", "deleted-by-staff"])
      expect((await reveal(slug, "198.51.100.21", "email")).status, slug).toBe(404);
    expect((await reveal("laptop", "198.51.100.21", "address")).status).toBe(400);
  });

  it("no number for adverts that hide it or are no longer live", async () => {
    for (const slug of ["tutor-negotiable", "sold", "expired-by-date", "pending", "deleted-by-staff"]) {
      expect((await reveal(slug, "198.51.100.10")).status, slug).toBe(404);
    }
  });
});

describe("feeds, sitemap and home", () => {
  it("the RSS feed lists live adverts with absolute links in the path's language", async () => {
    const response = (await callAppRoute(advertFeed.loader, { url: "/us/advertisement/rss.xml" })) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain("<language>en-us</language>");
    expect(xml).toContain("<link>https://portal.example/us/advertisement/laptop</link>");
    expect(xml).toContain("Оголошення books-free — Free");
    expect(xml).not.toContain("advertisement/sold");
    expect(xml).not.toContain("expired-by-date");
    expect(xml).not.toContain("olia@example.test");
  });

  it("an advert's RSS description is plain text, escaped once: its tags dropped, its entities decoded", async () => {
    await t.db
      .updateTable("advertisements")
      .set({ description: "Віддам <b>книжки</b>   &amp; журнали\n<script>alert(1)</script>& ще <i>дещо</i>" })
      .where("id", "=", ids["books-free"]!)
      .execute();
    const response = (await callAppRoute(advertFeed.loader, { url: "/advertisement/rss.xml" })) as Response;
    const xml = await response.text();
    expect(xml).toContain("<description>Віддам книжки &amp; журнали &amp; ще дещо</description>");
    const document = parseDocument(xml, { xmlMode: true });
    const item = DomUtils.getElementsByTagName("item", document).find((entry) =>
      DomUtils.textContent(DomUtils.getElementsByTagName("link", entry)).endsWith("/books-free"),
    );
    const description = DomUtils.textContent(DomUtils.getElementsByTagName("description", item!));
    // What a feed reader gets after parsing the XML: text with no markup left to render.
    expect(description).toBe("Віддам книжки & журнали & ще дещо");
    expect(description).not.toMatch(/[<>]|&\w+;/);
  });

  it("sitemap entries: the list, categories with live adverts, and every live advert", async () => {
    const entries = await advertSitemapEntries();
    const paths = entries.map((entry) => entry.path);
    expect(paths).toContain("/advertisement");
    expect(paths).toContain("/advertisement/category/zhytlo");
    expect(paths).toContain("/advertisement/category/elektronika");
    expect(paths).toContain("/advertisement/laptop");
    for (const hidden of ["sold", "pending", "expired-by-date", "archived", "scheduled", "deleted-by-staff"])
      expect(paths).not.toContain(`/advertisement/${hidden}`);
  });

  it("the home page section shows the newest live adverts", async () => {
    const i18n = await callAppRoute(async ({ context }) => getInstance(context), { url: "/" });
    const section = await newestAdvertsSection.build({ language: "uk", t: i18n.getFixedT("uk", "content") });
    expect(section.items.map((entry) => entry.path)).toEqual([
      "/advertisement/laptop",
      "/advertisement/room",
      "/advertisement/bike-eur",
      "/advertisement/books-free",
      "/advertisement/tutor-negotiable",
    ]);
    expect(section.title).toBe("Нові оголошення");
    expect(section.items[0]!.meta).toContain("2\u00a0800\u00a0zł");
  });
});
