// Favourites, saved searches and new-advert alerts: the save toggle with and without
// a session, the cabinet lists, saving a search from a list's URL, the alert job (instant mail,
// daily digest, each exactly once, never for a non-matching advert, retried after an SMTP
// failure, one process at a time) and unsubscribing without signing in.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Kysely } from "kysely";
import type { DB, NewAdvertisement } from "#db/schema.ts";
import * as adverts from "#app/routes/adverts/route.tsx";
import * as advertCategory from "#app/routes/advert-category/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import * as cabinetAdverts from "#app/routes/cabinet-adverts/route.tsx";
import * as cabinetFavourites from "#app/routes/cabinet-favourites/route.tsx";
import * as savedSearches from "#app/routes/cabinet-saved-searches/route.tsx";
import * as savedSearchOpen from "#app/routes/cabinet-saved-search-open/route.ts";
import * as favouriteResume from "#app/routes/favourite-resume/route.ts";
import * as favouriteToggle from "#app/routes/favourite-toggle/route.ts";
import * as search from "#app/routes/search/route.tsx";
import { deleteAccount } from "#app/modules/auth/users.server.ts";
import { getConfig, loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { runAlertJob } from "#app/modules/saved-searches/alerts.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { MAX_SAVED_SEARCHES } from "#app/modules/saved-searches/saved-searches.server.ts";
import { unsubscribeToken } from "#app/modules/saved-searches/unsubscribe.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { oneClickUnsubscribe, openUnsubscribe } from "../support/unsubscribe.ts";
import { catchResponse, cookiesFrom, unwrapData } from "../support/route.ts";
import { insertAdvertCategories, insertLocations, liveForDays } from "../support/adverts.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ids: Record<string, number> = {};
let ownerId: number;
let dataDir: string;
let advertCounter = 0;

async function insertAdvert(db: Kysely<DB>, values: Partial<NewAdvertisement> = {}): Promise<{ id: number; slug: string }> {
  const slug = `advert-${++advertCounter}`;
  return db
    .insertInto("advertisements")
    .values({
      slug,
      owner_id: ownerId,
      category_id: ids.kvartyry!,
      location_id: ids.krakiv!,
      title: `Квартира ${advertCounter}`,
      description: "Простора квартира в центрі, поруч парк і школа.",
      price_kind: "amount",
      price_amount: "2500.00",
      price_currency: "PLN",
      contact_name: "Оля",
      email: "olia@example.test",
      show_phone: false,
      ...liveForDays(29),
      ...values,
    })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  dataDir = useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  const owner = await makeUser({ name: "Власниця" });
  ownerId = owner.id;
  const [zhytlo, elektronika] = await insertAdvertCategories(t.db, [
    { slug: "zhytlo", name_uk: "Житло", name_en: "Housing" },
    { slug: "elektronika", name_uk: "Електроніка", name_en: "Electronics" },
  ]);
  const kvartyry = await t.db
    .insertInto("categories")
    .values({ kind: "advertisement", slug: "kvartyry", name_uk: "Квартири", name_en: "Flats", parent_id: zhytlo!, position: 3 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const [krakiv, berlin] = await insertLocations(t.db, ["krakiv", "berlin"]);
  Object.assign(ids, { zhytlo: zhytlo!, elektronika: elektronika!, kvartyry: kvartyry.id, krakiv: krakiv!, berlin: berlin! });
});

async function signedIn(options: { locale?: "uk" | "en" } = {}) {
  const user = await makeUser({ name: options.locale === "en" ? "Reader" : "Читачка" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

function toggle(cookie: string | null, form: Record<string, string>) {
  return callWithSession(favouriteToggle.action, { url: "/favourites", cookie, form });
}

describe("favourites", () => {
  it("saves without JS (redirect back with a notice) and in place with JS, and removes", async () => {
    const { user, cookie } = await signedIn();
    const advert = await insertAdvert(t.db);
    const { result } = await toggle(cookie, { intent: "save", advertId: String(advert.id), returnTo: `/advertisement/${advert.slug}` });
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/advertisement/${advert.slug}`);
    expect(response.headers.get("Set-Cookie")).toContain("__flash=");
    const page = await callWithSession(advertItem.loader, { url: `/advertisement/${advert.slug}`, cookie, params: { slug: advert.slug } });
    expect(page.result.savedIds).toContain(advert.id);

    // The toast comes translated, in the language of the page the toggle was on.
    const inline = unwrapData(
      (await toggle(cookie, { intent: "remove", advertId: String(advert.id), inline: "1", returnTo: `/us/advertisement/${advert.slug}` }))
        .result,
    );
    expect(inline.status).toBe(200);
    expect(inline.data).toMatchObject({ saved: false, toast: { severity: "info", text: "Advert removed from your favourites." } });
    const rows = await t.db.selectFrom("favourites").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it("sends a signed-out visitor to sign in, then saves once they are signed in", async () => {
    const advert = await insertAdvert(t.db);
    const { result } = await toggle(null, { intent: "save", advertId: String(advert.id), returnTo: `/us/advertisement/${advert.slug}` });
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/us/login?redirect=${encodeURIComponent("/favourites/resume")}`);
    const pending = cookiesFrom(response);
    expect(pending).toContain("__pending_favourite=");

    const { user, cookie } = await signedIn();
    const resumed = await catchResponse(
      callWithSession(favouriteResume.loader, { url: "/favourites/resume", cookie: [cookie, pending] }).then((r) => r.result),
    );
    expect(resumed.status).toBe(302);
    expect(resumed.headers.get("Location")).toBe(`/us/advertisement/${advert.slug}`);
    const saved = await t.db.selectFrom("favourites").select("advertisement_id").where("user_id", "=", user.id).execute();
    expect(saved.map((row) => row.advertisement_id)).toEqual([advert.id]);
  });

  it("refuses a forged pending cookie and unknown adverts", async () => {
    const { user, cookie } = await signedIn();
    const forged = `__pending_favourite=${Buffer.from(JSON.stringify({ advertId: 1, returnTo: "/" })).toString("base64")}`;
    const resumed = await catchResponse(
      callWithSession(favouriteResume.loader, { url: "/favourites/resume", cookie: [cookie, forged] }).then((r) => r.result),
    );
    expect(resumed.headers.get("Location")).toBe("/cabinet/favourites");
    const gone = unwrapData((await toggle(cookie, { intent: "save", advertId: "2147483000", inline: "1" })).result);
    expect(gone.status).toBe(404);
    expect(await thrownStatus(toggle(cookie, { intent: "save", advertId: "99999999999" }))).toBe(400);
    expect(await t.db.selectFrom("favourites").selectAll().where("user_id", "=", user.id).execute()).toHaveLength(0);
  });

  it("lists favourites in the cabinet: sold and expired stay marked, deleted ones disappear; the owner sees the count", async () => {
    const { cookie } = await signedIn();
    const live = await insertAdvert(t.db);
    const sold = await insertAdvert(t.db);
    const expired = await insertAdvert(t.db);
    const deleted = await insertAdvert(t.db);
    for (const advert of [live, sold, expired, deleted]) await toggle(cookie, { intent: "save", advertId: String(advert.id), inline: "1" });
    await t.db.updateTable("advertisements").set({ status: "sold" }).where("id", "=", sold.id).execute();
    await t.db
      .updateTable("advertisements")
      .set({ expires_at: new Date(Date.now() - HOUR) })
      .where("id", "=", expired.id)
      .execute();
    await t.db.deleteFrom("advertisements").where("id", "=", deleted.id).execute();

    const { result } = await callWithSession(cabinetFavourites.loader, { url: "/cabinet/favourites", cookie });
    const statuses = Object.fromEntries(result.items.map((item) => [item.slug, item.status]));
    expect(statuses).toEqual({ [live.slug]: "published", [sold.slug]: "sold", [expired.slug]: "expired" });

    const owner = await callWithSession(cabinetAdverts.loader, { url: "/cabinet/advertisement", cookie: await sessionCookieFor(ownerId) });
    expect(owner.result.items.find((item) => item.id === live.id)?.favouriteCount).toBe(1);
  });
});

function saveSearch(cookie: string, url: string, name: string, params: Record<string, string> = {}) {
  const route = params.slug ? advertCategory : adverts;
  return callWithSession(route.action, { url, cookie, params, form: { intent: "save-search", name } });
}

describe("saved searches", () => {
  it("saves the list's own filters, lists new matches, opens, renames and deletes", async () => {
    const { user, cookie } = await signedIn();
    const saved = await saveSearch(cookie, "/us/advertisement/category/zhytlo?location=krakiv&max=3000&currency=PLN", "Flats in Kraków", {
      slug: "zhytlo",
    });
    expect((saved.result as Response).headers.get("Location")).toBe(
      "/us/advertisement/category/zhytlo?location=krakiv&max=3000&currency=PLN",
    );
    const row = await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Flats in Kraków",
      locale: "us",
      category_slug: "zhytlo",
      query_text: null,
      alert: "off",
      filters: { location: "krakiv", max: 3000, currency: "PLN" },
    });

    await insertAdvert(t.db, { published_at: new Date(Date.now() + 1000) }); // matches (a child category of zhytlo)
    await insertAdvert(t.db, { published_at: new Date(Date.now() + 1000), location_id: ids.berlin! }); // wrong city
    await insertAdvert(t.db, { published_at: new Date(Date.now() + 1000), price_amount: "5000.00" }); // too dear
    await t.db
      .updateTable("saved_searches")
      .set({ last_seen_at: new Date(Date.now() - 1000) })
      .where("id", "=", row.id)
      .execute();
    await t.db.updateTable("advertisements").set({ published_at: new Date() }).where("published_at", ">", new Date()).execute();
    const list = await callWithSession(savedSearches.loader, { url: "/us/cabinet/saved-searches", cookie });
    expect(list.result.searches).toEqual([
      expect.objectContaining({
        id: row.id,
        name: "Flats in Kraków",
        newCount: 1,
        path: "/us/advertisement/category/zhytlo?near=krakiv&max=3000&currency=PLN",
      }),
    ]);

    const opened = await catchResponse(
      callWithSession(savedSearchOpen.loader, { url: `/us/cabinet/saved-searches/${row.id}`, cookie, params: { id: String(row.id) } }).then(
        (r) => r.result,
      ),
    );
    expect(opened.headers.get("Location")).toBe("/us/advertisement/category/zhytlo?near=krakiv&max=3000&currency=PLN");
    const after = await callWithSession(savedSearches.loader, { url: "/us/cabinet/saved-searches", cookie });
    expect(after.result.searches[0]!.newCount).toBe(0);

    await callWithSession(savedSearches.action, {
      url: "/us/cabinet/saved-searches",
      cookie,
      form: { intent: "rename", id: String(row.id), name: "Kraków flats" },
    });
    await callWithSession(savedSearches.action, {
      url: "/us/cabinet/saved-searches",
      cookie,
      form: { intent: "alert", id: String(row.id), alert: "daily" },
    });
    expect(await t.db.selectFrom("saved_searches").select(["name", "alert"]).where("id", "=", row.id).executeTakeFirstOrThrow()).toEqual({
      name: "Kraków flats",
      alert: "daily",
    });
    await callWithSession(savedSearches.action, {
      url: "/us/cabinet/saved-searches",
      cookie,
      form: { intent: "delete", id: String(row.id) },
    });
    expect(await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).execute()).toHaveLength(0);
  });

  it("keeps what was typed and says why when a name is missing or too long; another user's search is a 404", async () => {
    const { cookie } = await signedIn();
    const empty = unwrapData((await saveSearch(cookie, "/advertisement?location=krakiv", "   ")).result);
    expect(empty.status).toBe(400);
    expect(empty.data).toEqual({ saveSearch: { name: "   ", error: "cabinet:saved_searches.errors.name_required" } });
    const long = unwrapData((await saveSearch(cookie, "/advertisement", "я".repeat(81))).result);
    expect(long.data).toEqual({ saveSearch: { name: "я".repeat(81), error: "cabinet:saved_searches.errors.name_too_long" } });

    const other = await signedIn();
    await saveSearch(other.cookie, "/advertisement", "Чужий пошук");
    const foreign = await t.db.selectFrom("saved_searches").select("id").where("name", "=", "Чужий пошук").executeTakeFirstOrThrow();
    expect(
      await thrownStatus(
        callWithSession(savedSearches.action, {
          url: "/cabinet/saved-searches",
          cookie,
          form: { intent: "delete", id: String(foreign.id) },
        }),
      ),
    ).toBe(404);
  });

  it(`caps a user at ${MAX_SAVED_SEARCHES} searches`, async () => {
    const { user, cookie } = await signedIn();
    await t.db
      .insertInto("saved_searches")
      .values(
        Array.from({ length: MAX_SAVED_SEARCHES }, (_, index) => ({ user_id: user.id, name: `Пошук ${index}`, locale: "ua" as const })),
      )
      .execute();
    const refused = unwrapData((await saveSearch(cookie, "/advertisement", "Ще один")).result);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ saveSearch: { error: "cabinet:saved_searches.errors.too_many" } });
  });

  it("account deletion removes favourites and saved searches", async () => {
    const { user, cookie } = await signedIn();
    const advert = await insertAdvert(t.db);
    await toggle(cookie, { intent: "save", advertId: String(advert.id), inline: "1" });
    await saveSearch(cookie, "/advertisement", "Усе");
    await deleteAccount(user.id, getConfig().paths.uploads);
    expect(await t.db.selectFrom("favourites").selectAll().where("user_id", "=", user.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).execute()).toHaveLength(0);
  });
});

describe("alerts", () => {
  // Each test moves the job's clock on its own: start every one from a fresh job state.
  beforeEach(async () => {
    await t.db.deleteFrom("job_state").execute();
  });

  /** Mails to `email` in the outbox. */
  const mailsTo = (email: string) => readOutbox(dataDir).filter((mail) => mail.to.includes(email));

  /** One scan at `now`, then the mail jobs it queued. */
  async function alertPass(now: Date) {
    await runAlertJob(now);
    return runQueuedJobs();
  }

  async function searchWithAlert(alert: "instant" | "daily", url: string, name: string, locale: "ua" | "us" = "ua") {
    const { user, cookie } = await signedIn();
    const slug = /category\/([^/?]+)/.exec(url)?.[1];
    await saveSearch(cookie, url, name, slug ? { slug } : {});
    const row = await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.locale).toBe(locale);
    await t.db.updateTable("saved_searches").set({ alert }).where("id", "=", row.id).execute();
    return { user, row };
  }

  it("mails an instant alert once for a matching advert, never for a non-matching one, in the search's language", async () => {
    const { user, row } = await searchWithAlert("instant", "/us/advertisement/category/zhytlo?location=krakiv", "Kraków homes", "us");
    const match = await insertAdvert(t.db, { title: "Sunny flat near the park", published_at: new Date() });
    await insertAdvert(t.db, { title: "Laptop", category_id: ids.elektronika!, published_at: new Date() });
    await alertPass(new Date(Date.now() + 1000));
    await alertPass(new Date(Date.now() + 2000));
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("New adverts: Kraków homes");
    expect(mails[0]!.text).toContain(`https://portal.example/us/advertisement/${match.slug}`);
    expect(mails[0]!.text).not.toContain("Laptop");
    const headers = mails[0]!.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/portal\.example\/us\/unsubscribe\?token=[^>]+>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const queued = await t.db.selectFrom("alert_matches").selectAll().where("saved_search_id", "=", row.id).execute();
    expect(queued.map((entry) => entry.advertisement_id)).toEqual([match.id]);
  });

  it("matches a searched word in its other forms, as the advert search does", async () => {
    const { user, cookie } = await signedIn();
    await callWithSession(search.action, {
      url: "/search/advertisement?q=квартира",
      cookie,
      params: { category: "advertisement" },
      form: { intent: "save-search", name: "Квартира" },
    });
    const row = await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ query_text: "квартира", category_slug: null });
    await t.db.updateTable("saved_searches").set({ alert: "instant" }).where("id", "=", row.id).execute();
    await insertAdvert(t.db, { title: "Дві квартири біля парку", published_at: new Date() });
    await insertAdvert(t.db, {
      title: "Гараж біля парку",
      description: "Сухий гараж з ямою, поруч зупинка автобуса.",
      published_at: new Date(),
    });
    await alertPass(new Date(Date.now() + 1000));
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Дві квартири біля парку");
    expect(mails[0]!.text).not.toContain("Гараж");
  });

  it("sends one daily digest with everything new, then nothing more the same day, then the next day's", async () => {
    const { user } = await searchWithAlert("daily", "/advertisement?location=berlin", "Берлін");
    await insertAdvert(t.db, { title: "Кімната в Берліні", location_id: ids.berlin!, published_at: new Date() });
    await insertAdvert(t.db, {
      title: "Велосипед у Берліні",
      location_id: ids.berlin!,
      category_id: ids.elektronika!,
      published_at: new Date(),
    });
    const start = Date.now() + 1000;
    await alertPass(new Date(start));
    await insertAdvert(t.db, { title: "Диван у Берліні", location_id: ids.berlin!, published_at: new Date() });
    await alertPass(new Date(start + 2 * HOUR));
    let mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Огляд за день: Берлін");
    expect(mails[0]!.text).toContain("Кімната в Берліні");
    expect(mails[0]!.text).toContain("Велосипед у Берліні");
    await alertPass(new Date(start + DAY + HOUR));
    mails = mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Диван у Берліні");
    expect(mails[1]!.text).not.toContain("Кімната в Берліні");
  });

  it("retries after an SMTP failure (the queue's backoff) and then sends exactly once", async () => {
    const { user } = await searchWithAlert("instant", "/advertisement/category/elektronika", "Техніка");
    await insertAdvert(t.db, { title: "Телефон", category_id: ids.elektronika!, published_at: new Date() });
    const config = getConfig();
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    setConfig(
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        SESSION_SECRET: "s".repeat(40),
        PUBLIC_URL: "https://portal.example",
        SMTP_URL: "smtp://127.0.0.1:9",
      }),
    );
    const start = Date.now() + 1000;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect((await alertPass(new Date(start))).failed).toBeGreaterThan(0);
    } finally {
      setConfig(config);
      errors.mockRestore();
    }
    expect(mailsTo(user.email)).toHaveLength(0);
    const failed = await t.db
      .selectFrom("alert_matches as m")
      .innerJoin("saved_searches as s", "s.id", "m.saved_search_id")
      .select(["m.sent_at", "m.claimed_at", "m.attempts"])
      .where("s.user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sent_at: null, claimed_at: null, attempts: 1 });
    // The job waits for its retry; a scan meanwhile queues no second one.
    await alertPass(new Date(start + 60_000));
    expect(mailsTo(user.email)).toHaveLength(0);
    await runQueuedJobs({ ignoreStartAfter: true });
    expect(mailsTo(user.email)).toHaveLength(1);
    await alertPass(new Date(start + 2 * 60_000));
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("unsubscribes without signing in, and refuses a forged token", async () => {
    const { row } = await searchWithAlert("instant", "/advertisement", "Усе підряд");
    const token = unsubscribeToken(row.id);
    const page = await openUnsubscribe(token);
    expect(page.result).toMatchObject({ state: "confirm", name: "Усе підряд" });
    // A mail client's RFC 8058 one-click POST: the token in the query, no session.
    const done = await oneClickUnsubscribe(token);
    expect(done.result).toMatchObject({ state: "done" });
    expect((await t.db.selectFrom("saved_searches").select("alert").where("id", "=", row.id).executeTakeFirstOrThrow()).alert).toBe("off");
    const forged = `${row.id}.${"A".repeat(43)}`;
    const refused = unwrapData((await openUnsubscribe(forged)).result);
    expect(refused.status).toBe(404);
  });
});
