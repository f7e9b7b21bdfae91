// Advert kinds (app/modules/adverts/kinds.ts): posting each kind through the form, a bad kind
// refused by the field, the lists' `kind` filter, a saved search that keeps it and alerts only
// about its kind, structured data without an Offer price for wanted and help adverts, a call
// for help's seven-day lifetime and its "resolved" move.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdvertKind, NewAdvertisement } from "#db/schema.ts";
import * as adverts from "#app/routes/adverts/route.tsx";
import * as advertCategory from "#app/routes/advert-category/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import * as cabinetAdverts from "#app/routes/cabinet-adverts/route.tsx";
import * as newRoute from "#app/routes/advert-new/route.tsx";
import * as editRoute from "#app/routes/cabinet-advert-edit/route.tsx";
import * as savedSearches from "#app/routes/cabinet-saved-searches/route.tsx";
import * as advertLink from "#app/routes/advert-link/route.tsx";
import { composeExpiryReminder } from "#app/modules/adverts/expiry-reminders.server.ts";
import { issueToken } from "#app/modules/auth/tokens.server.ts";
import { JsonLd } from "#app/components/content/json-ld.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { runAlertJob } from "#app/modules/saved-searches/alerts.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { HELP_NEEDED_LIFETIME_DAYS, lifetimeDaysFor, statusLabel } from "#app/modules/adverts/kinds.ts";
import { advertQueryString, parseAdvertQuery } from "#app/modules/adverts/list-query.ts";
import { criteriaFromPath, parseStoredFilters, pathOfCriteria } from "#app/modules/saved-searches/criteria.ts";
import { moveAdverts } from "#app/modules/adverts/lifecycle.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute } from "../support/app-route.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { unwrapData } from "../support/route.ts";
import { insertAdvertCategories, insertLocations, liveForDays } from "../support/adverts.ts";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
let dataDir: string;
let ownerId: number;
let categoryId: number;
let otherCategoryId: number;
let locationId: number;
let counter = 0;

beforeAll(async () => {
  dataDir = useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  ownerId = (await makeUser({ name: "Власниця" })).id;
  [categoryId, otherCategoryId] = (await insertAdvertCategories(t.db, [
    { slug: "rechi", name_uk: "Речі", name_en: "Things" },
    { slug: "dopomoha", name_uk: "Допомога", name_en: "Help" },
  ])) as [number, number];
  [locationId] = (await insertLocations(t.db, ["krakiv"])) as [number];
});

async function insertAdvert(kind: AdvertKind, values: Partial<NewAdvertisement> = {}) {
  const slug = `kind-${kind}-${++counter}`;
  return t.db
    .insertInto("advertisements")
    .values({
      slug,
      owner_id: ownerId,
      category_id: categoryId,
      location_id: locationId,
      kind,
      title: `${kind} ${counter}`,
      description: "Опис оголошення для перевірки типів оголошень.",
      price_kind: kind === "give_away" ? "free" : "amount",
      price_amount: kind === "give_away" ? null : "300.00",
      price_currency: kind === "give_away" ? null : "PLN",
      contact_name: "Оля",
      email: "olia@example.test",
      ...liveForDays(20),
      ...values,
    })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
}

type Reply = { result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null } };

async function post(cookie: string, overrides: Record<string, string>) {
  const values: Record<string, string> = {
    title: "Дитячий велосипед на 16 дюймів",
    categoryId: String(categoryId),
    locationId: String(locationId),
    description: "Велосипед для дитини п'яти-шести років, з додатковими колесами.",
    priceKind: "amount",
    priceAmount: "300",
    priceCurrency: "PLN",
    contactName: "Оля",
    email: "olia@example.test",
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  try {
    const { result } = await callWithSession(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form, middleware: [authMiddleware] });
    if (result instanceof Response) return { status: result.status };
    const { data, status } = unwrapData(result);
    return { status, reply: data as Reply };
  } catch (error) {
    if (error instanceof Response) return { status: error.status };
    throw error;
  }
}

async function poster() {
  const user = await makeUser({ verified: true, name: "Оля" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

const rowsOf = (userId: number) => t.db.selectFrom("advertisements").selectAll().where("owner_id", "=", userId).execute();

describe("posting each kind", () => {
  it("stores the kind chosen on the form; offer when none is sent", async () => {
    for (const kind of ["offer", "wanted", "help_offered", undefined] as const) {
      const { user, cookie } = await poster();
      const outcome = await post(cookie, kind ? { kind } : {});
      expect(outcome.status).toBe(302);
      const [row] = await rowsOf(user.id);
      expect(row).toMatchObject({ kind: kind ?? "offer", status: "published", price_kind: "amount", price_amount: "300.00" });
    }
  });

  it("a gift has no price: whatever the price block held is ignored and it is free", async () => {
    const { user, cookie } = await poster();
    expect((await post(cookie, { kind: "give_away", priceAmount: "not a price", priceCurrency: "" })).status).toBe(302);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ kind: "give_away", price_kind: "free", price_amount: null, price_currency: null });
  });

  it("a call for help lives seven days, whatever the portal's advert lifetime", async () => {
    const { user, cookie } = await poster();
    const before = Date.now();
    expect((await post(cookie, { kind: "help_needed" })).status).toBe(302);
    const [row] = await rowsOf(user.id);
    expect(row!.kind).toBe("help_needed");
    const days = (new Date(row!.expires_at!).getTime() - before) / DAY;
    expect(days).toBeGreaterThan(HELP_NEEDED_LIFETIME_DAYS - 0.01);
    expect(days).toBeLessThan(HELP_NEEDED_LIFETIME_DAYS + 0.01);
    expect(lifetimeDaysFor("offer", 30)).toBe(30);
  });

  it("refuses an unknown kind with a 400 and a message by the field, keeping what was typed", async () => {
    const { user, cookie } = await poster();
    const outcome = await post(cookie, { kind: "auction" });
    expect(outcome.status).toBe(400);
    expect(outcome.reply?.result.error?.kind).toEqual(["adverts:errors.kind_invalid"]);
    expect(outcome.reply?.result.initialValue).toMatchObject({ title: "Дитячий велосипед на 16 дюймів", kind: "auction" });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});

describe("lists by kind", () => {
  beforeAll(async () => {
    await insertAdvert("wanted");
    await insertAdvert("give_away");
    await insertAdvert("offer", { category_id: otherCategoryId });
    await insertAdvert("wanted", { category_id: otherCategoryId });
  });

  it("the `kind` parameter narrows the whole list and a category's list; an unknown kind is ignored", async () => {
    const all = await callAppRoute(adverts.loader, { url: "/advertisement" });
    const wanted = await callAppRoute(adverts.loader, { url: "/advertisement?kind=wanted" });
    expect(wanted.items.length).toBeGreaterThanOrEqual(2);
    expect(wanted.items.every((item) => item.kind === "wanted")).toBe(true);
    expect(wanted.query.kind).toBe("wanted");
    expect(wanted.filtered).toBe(true);
    expect(all.items.some((item) => item.kind !== "wanted")).toBe(true);

    const category = await callAppRoute(advertCategory.loader, {
      url: "/advertisement/category/dopomoha?kind=wanted",
      params: { slug: "dopomoha" },
    });
    expect(category.items.map((item) => item.kind)).toEqual(["wanted"]);

    const bogus = await callAppRoute(adverts.loader, { url: "/advertisement?kind=%00bogus" });
    expect(bogus.query.kind).toBeNull();
    expect(bogus.items.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
  });

  it("reads and writes the parameter as the filter form does", () => {
    expect(parseAdvertQuery(new URLSearchParams("kind=help_needed")).kind).toBe("help_needed");
    expect(parseAdvertQuery(new URLSearchParams("kind=HELP")).kind).toBeNull();
    expect(advertQueryString({ ...parseAdvertQuery(new URLSearchParams("kind=give_away&min=5")) })).toBe("?kind=give_away&min=5");
  });
});

describe("saved searches with a kind", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("job_state").execute();
  });

  it("keeps the kind, shows it, and alerts only about adverts of that kind", async () => {
    const { user, cookie } = await poster();
    const saved = await callWithSession(adverts.action, {
      url: "/advertisement?kind=wanted",
      cookie,
      form: { intent: "save-search", name: "Шукаю · усе" },
    });
    expect((saved.result as Response).headers.get("Location")).toBe("/advertisement?kind=wanted");
    const row = await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.filters).toEqual({ kind: "wanted" });

    const list = await callWithSession(savedSearches.loader, { url: "/cabinet/saved-searches", cookie });
    expect(list.result.searches).toEqual([expect.objectContaining({ id: row.id, kind: "wanted", path: "/advertisement?kind=wanted" })]);

    await t.db.updateTable("saved_searches").set({ alert: "instant" }).where("id", "=", row.id).execute();
    const match = await insertAdvert("wanted", { title: "Шукаю дитячий велосипед", published_at: new Date() });
    await insertAdvert("offer", { title: "Продам дитячий велосипед", published_at: new Date() });
    await insertAdvert("help_needed", { title: "Потрібна ночівля", published_at: new Date() });
    await runAlertJob(new Date(Date.now() + 1000));
    await runQueuedJobs();
    const queued = await t.db.selectFrom("alert_matches").select("advertisement_id").where("saved_search_id", "=", row.id).execute();
    expect(queued.map((entry) => entry.advertisement_id)).toEqual([match.id]);
    const mails = readOutbox(dataDir).filter((mail) => mail.to.includes(user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Шукаю дитячий велосипед");
    expect(mails[0]!.text).not.toContain("Продам дитячий велосипед");
    expect(mails[0]!.text).not.toContain("Потрібна ночівля");
  });

  it("reads the kind back from the address and from what was stored, dropping an unknown one", () => {
    const criteria = criteriaFromPath("/us/advertisement/category/rechi?kind=give_away&location=krakiv");
    expect(criteria).toEqual({ categorySlug: "rechi", queryText: null, filters: { kind: "give_away", location: "krakiv" } });
    // A place saved from the older `?location=` opens as `?near=` (the place itself, no radius).
    expect(pathOfCriteria(criteria!, "us")).toBe("/us/advertisement/category/rechi?kind=give_away&near=krakiv");
    expect(parseStoredFilters({ kind: "help_offered" })).toEqual({ filters: { kind: "help_offered" }, dropped: false });
    expect(parseStoredFilters({ kind: "auction", location: "krakiv" })).toEqual({ filters: { location: "krakiv" }, dropped: true });
  });
});

/** The page's JSON-LD as it renders, parsed back. */
async function jsonLdOf(slug: string): Promise<Record<string, any>> {
  const data = await callAppRoute(advertItem.loader, { url: `/us/advertisement/${slug}`, params: { slug } });
  const html = renderToStaticMarkup(createElement(JsonLd, { data: data.jsonLd! }));
  const match = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe("structured data by kind", () => {
  it("a wanted advert, even with a budget, and the help kinds carry no Offer and no price", async () => {
    for (const kind of ["wanted", "help_needed", "help_offered"] as const) {
      const advert = await insertAdvert(kind);
      const ld = await jsonLdOf(advert.slug);
      expect(ld["@type"]).toBe("Demand");
      expect(ld.name).toBe(`${kind} ${counter}`);
      expect(ld).not.toHaveProperty("offers");
      expect(JSON.stringify(ld)).not.toMatch(/"(price|priceCurrency|Offer)"/);
    }
  });

  it("an offer keeps its Product and Offer; a gift is an Offer at price 0", async () => {
    const offer = await jsonLdOf((await insertAdvert("offer")).slug);
    expect(offer).toMatchObject({ "@type": "Product", offers: { "@type": "Offer", price: "300", priceCurrency: "PLN" } });
    const gift = await jsonLdOf((await insertAdvert("give_away")).slug);
    expect(gift).toMatchObject({ "@type": "Product", offers: { "@type": "Offer", price: "0" } });
    expect(gift.offers).not.toHaveProperty("priceCurrency");
  });
});

describe("a call for help's lifecycle", () => {
  it("renews for seven days and is marked resolved by the owner's sold move", async () => {
    const owner = await makeUser({ verified: true, name: "Марта" });
    const cookie = await sessionCookieFor(owner.id);
    const help = await insertAdvert("help_needed", { owner_id: owner.id, expires_at: new Date(Date.now() - DAY) });
    const offer = await insertAdvert("offer", { owner_id: owner.id, expires_at: new Date(Date.now() - DAY) });
    const now = new Date();
    await getDb()
      .transaction()
      .execute((trx) => moveAdverts(trx, [help.id, offer.id], "renew", "owner", { ownerId: owner.id, now }));
    const rows = await t.db.selectFrom("advertisements").select(["id", "expires_at", "status"]).where("owner_id", "=", owner.id).execute();
    const daysLeft = (id: number) => (new Date(rows.find((row) => row.id === id)!.expires_at!).getTime() - now.getTime()) / DAY;
    expect(Math.round(daysLeft(help.id))).toBe(HELP_NEEDED_LIFETIME_DAYS);
    expect(Math.round(daysLeft(offer.id))).toBe(30);

    const cabinet = await callWithSession(cabinetAdverts.loader, {
      url: "/us/cabinet/advertisement",
      cookie,
      middleware: [authMiddleware],
    });
    expect(cabinet.result.items.find((item) => item.id === help.id)).toMatchObject({
      kind: "help_needed",
      actions: expect.arrayContaining(["sold"]),
    });

    const { result } = await callWithSession(cabinetAdverts.action, {
      url: "/cabinet/advertisement",
      cookie,
      form: { intent: "sold", id: String(help.id) },
      middleware: [authMiddleware],
    });
    const response = result as Response;
    expect(response.status).toBe(302);
    const flash = /__flash=([^.;]+)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    expect(Buffer.from(decodeURIComponent(flash), "base64").toString("utf8")).toContain("adverts:flash.resolved");
    const sold = await t.db.selectFrom("advertisements").select("status").where("id", "=", help.id).executeTakeFirstOrThrow();
    expect(sold.status).toBe("sold");
    expect(statusLabel("sold", "help_needed")).toBe("resolved");
    expect(statusLabel("sold", "offer")).toBe("sold");
  });

  it("an advert edited into a call for help takes the shorter lifetime at once", async () => {
    const { user, cookie } = await poster();
    expect((await post(cookie, {})).status).toBe(302);
    const [created] = await rowsOf(user.id);
    const form = new FormData();
    const values: Record<string, string> = {
      kind: "help_needed",
      title: created!.title,
      categoryId: String(categoryId),
      locationId: String(locationId),
      description: created!.description,
      priceKind: "negotiable",
      contactName: "Оля",
      email: "olia@example.test",
    };
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    await callWithSession(editRoute.action, {
      url: `/cabinet/edit/${created!.id}`,
      cookie,
      params: { id: String(created!.id) },
      form,
      middleware: [authMiddleware],
    }).catch((error: unknown) => {
      if (!(error instanceof Response)) throw error;
    });
    const [edited] = await rowsOf(user.id);
    expect(edited!.kind).toBe("help_needed");
    expect((new Date(edited!.expires_at!).getTime() - Date.now()) / DAY).toBeLessThan(HELP_NEEDED_LIFETIME_DAYS + 0.01);
  });

  it("the mailed reminder and its link say resolved for a help advert, and a call for help renews for seven days", async () => {
    const owner = await makeUser({ verified: true, name: "Марта" });
    const help = await insertAdvert("help_needed", { owner_id: owner.id, expires_at: new Date(Date.now() + 2 * DAY) });
    const due = {
      advertisementId: help.id,
      kind: "reminder" as const,
      advertKind: "help_needed" as const,
      expiresAt: new Date("2026-12-03T10:00:00Z"),
      title: "Ночівля",
      ownerId: owner.id,
      email: owner.email,
      name: "Марта",
      locale: "us" as const,
    };
    const links = { renew: "https://portal.example/us/advertisement/renew/r", sold: "https://portal.example/us/advertisement/sold/s" };
    const { mail } = await composeExpiryReminder(due, links, 30);
    expect(mail.text).toContain("Renew it for another 7 days");
    expect(mail.text).toContain("Already resolved? Mark it as resolved:");
    const offer = await composeExpiryReminder({ ...due, advertKind: "offer" }, links, 30);
    expect(offer.mail.text).toContain("Renew it for another 30 days");
    expect(offer.mail.text).toContain("Already sold? Mark it as sold:");

    const token = await issueToken(owner.id, "advert_sold", new Date(), help.id);
    const path = `/us/advertisement/sold/${token}`;
    const looked = unwrapData((await callWithSession(advertLink.loader, { url: path, params: { token } })).result);
    expect(looked.data).toMatchObject({ state: "confirm", wording: "resolved", seo: { title: "Mark the advert as resolved" } });
    const used = unwrapData((await callWithSession(advertLink.action, { url: path, params: { token }, form: {} })).result);
    expect(used.data).toMatchObject({ state: "done", wording: "resolved", kind: "help_needed" });
    const row = await t.db.selectFrom("advertisements").select("status").where("id", "=", help.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("sold");
  });
});
