// Filtering a category's adverts by its fields: the list (number range, select, yes/no, a
// removed field ignored), saving and reopening such a search, alerts that apply the same
// filters, and the search finding select labels in both languages as values change.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DB, NewAdvertisement } from "#db/schema.ts";
import * as advertCategory from "#app/routes/advert-category/route.tsx";
import * as savedSearchOpen from "#app/routes/cabinet-saved-search-open/route.ts";
import * as savedSearches from "#app/routes/cabinet-saved-searches/route.tsx";
import * as search from "#app/routes/search/route.tsx";
import { runAlertJob } from "#app/modules/saved-searches/alerts.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute } from "../support/app-route.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse } from "../support/route.ts";
import { insertJobAdvert, type JobPlace, type JobValues } from "./job-adverts.ts";
import { insertAdvertCategories, insertLocations, JOBS_AND_VEHICLES } from "../support/adverts.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;
const ids: Record<string, number> = {};
const fieldIds: Record<string, number> = {};
let ownerId: number;
let dataDir: string;

const jobPlace = (): JobPlace => ({ ownerId, categoryId: ids.robota!, locationId: ids.krakiv!, fields: fieldIds });
const insertJob = (db: Kysely<DB>, slug: string, values: JobValues, advert: Partial<NewAdvertisement> = {}) =>
  insertJobAdvert(db, jobPlace(), slug, values, advert).then((id) => (ids[slug] = id));

const option = (value: string, uk: string, en: string) => ({ value, label_uk: uk, label_en: en });

beforeAll(async () => {
  dataDir = useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  ownerId = (await makeUser({ name: "Оля" })).id;
  const [robota, transport] = await insertAdvertCategories(t.db, JOBS_AND_VEHICLES);
  const [krakiv] = await insertLocations(t.db, ["krakiv"]);
  Object.assign(ids, { robota: robota!, transport: transport!, krakiv: krakiv! });
  const fields = await t.db
    .insertInto("advert_fields")
    .values([
      { category_id: robota!, key: "salary_from", kind: "number", label_uk: "Зарплата від", label_en: "Salary from", position: 0 },
      {
        category_id: robota!,
        key: "employment",
        kind: "select",
        label_uk: "Тип зайнятості",
        label_en: "Employment type",
        position: 1,
        options: JSON.stringify([
          option("full_time", "Повна зайнятість", "Full time"),
          option("part_time", "Часткова зайнятість", "Part time"),
        ]),
      },
      {
        category_id: robota!,
        key: "polish",
        kind: "select",
        label_uk: "Польська мова",
        label_en: "Polish needed",
        position: 2,
        options: JSON.stringify([option("none", "Не потрібна", "Not needed"), option("fluent", "Вільна", "Fluent")]),
      },
      { category_id: robota!, key: "remote", kind: "boolean", label_uk: "Можна віддалено", label_en: "Remote possible", position: 3 },
      { category_id: robota!, key: "notes", kind: "text", label_uk: "Примітки", position: 4 },
    ])
    .returning(["id", "key"])
    .execute();
  for (const field of fields) fieldIds[field.key] = field.id;
  const availability = await t.db
    .insertInto("advert_fields")
    .values({
      category_id: transport!,
      key: "available_from",
      kind: "date",
      label_uk: "Доступно з",
      label_en: "Available from",
      position: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  fieldIds.available_from = availability.id;
  await insertJob(
    t.db,
    "warehouse",
    { salary: 4500, employment: "full_time", polish: "none", remote: false },
    { published_at: new Date(Date.now() - 1 * HOUR) },
  );
  await insertJob(
    t.db,
    "developer",
    { salary: 12000, employment: "full_time", polish: "fluent", remote: true },
    { published_at: new Date(Date.now() - 2 * HOUR) },
  );
  await insertJob(
    t.db,
    "cleaner",
    { salary: 3200, employment: "part_time", polish: "none" },
    { published_at: new Date(Date.now() - 3 * HOUR) },
  );
  await insertJob(t.db, "courier", { employment: "part_time", remote: true }, { published_at: new Date(Date.now() - 4 * HOUR) });
});

type ListData = {
  items: Array<{ slug: string }>;
  query: { fields: unknown };
  fields: Array<{ key: string; kind: string; label: string }>;
  filtered: boolean;
};

async function jobs(query: string) {
  const data = (await callAppRoute(advertCategory.loader as (args: any) => Promise<ListData>, {
    url: `/advertisement/category/robota${query}`,
    params: { slug: "robota" },
  })) as ListData;
  return data;
}
const slugs = async (query: string) => (await jobs(query)).items.map((item) => item.slug);

describe("the category list's field filters", () => {
  it("offers the category's fields but text ones, labelled in the page's language", async () => {
    const data = (await callAppRoute(advertCategory.loader as (args: any) => Promise<ListData>, {
      url: "/us/advertisement/category/robota",
      params: { slug: "robota" },
    })) as ListData;
    expect(data.fields.map((field) => [field.key, field.kind, field.label])).toEqual([
      ["salary_from", "number", "Salary from"],
      ["employment", "select", "Employment type"],
      ["polish", "select", "Polish needed"],
      ["remote", "boolean", "Remote possible"],
    ]);
    expect(data.filtered).toBe(false);
  });

  it("filters by a number range, a choice and a yes, together", async () => {
    expect(await slugs("?f.salary_from.min=4000")).toEqual(["warehouse", "developer"]);
    expect(await slugs("?f.salary_from.min=3000&f.salary_from.max=5000")).toEqual(["warehouse", "cleaner"]);
    expect(await slugs("?f.salary_from.max=3000&f.salary_from.min=5000")).toEqual(["warehouse", "cleaner"]);
    expect(await slugs("?f.employment=part_time")).toEqual(["cleaner", "courier"]);
    expect(await slugs("?f.remote=1")).toEqual(["developer", "courier"]);
    expect(await slugs("?f.salary_from.min=4000&f.polish=none")).toEqual(["warehouse"]);
    const data = await jobs("?f.employment=full_time&f.remote=1");
    expect(data.items.map((item) => item.slug)).toEqual(["developer"]);
    expect(data.query.fields).toEqual({ employment: { is: "full_time" }, remote: { is: "1" } });
    expect(data.filtered).toBe(true);
  });

  it("ignores what the fields do not accept and never fails on it", async () => {
    const all = ["warehouse", "developer", "cleaner", "courier"];
    for (const query of [
      "?f.employment=nope",
      "?f.remote=0",
      "?f.salary_from.min=abc",
      "?f.notes=x",
      "?f.unknown.min=1",
      "?f.constructor=1",
      "?f.salary_from.min=1&f.salary_from.min=2",
      `?f.polish=${"x".repeat(500)}`,
      "?f.salary_from.min=99999999999999999999",
    ]) {
      const data = await jobs(query);
      expect(
        data.items.map((item) => item.slug),
        query,
      ).toEqual(all);
      expect(data.query.fields, query).toEqual({});
    }
    // Another category has none of these fields: the filters do not narrow it.
    const vehicles = await callAppRoute(advertCategory.loader as (args: any) => Promise<ListData>, {
      url: "/advertisement/category/transport?f.remote=1",
      params: { slug: "transport" },
    });
    expect((vehicles as ListData).query.fields).toEqual({});
  });

  it("drops the empty fields a submitted form sends from the address", async () => {
    const response = await catchResponse(
      callAppRoute(advertCategory.loader, {
        url: "/advertisement/category/robota?f.salary_from.min=&f.salary_from.max=5000&f.polish=",
        params: { slug: "robota" },
      }),
    );
    expect(response.headers.get("Location")).toBe("/advertisement/category/robota?f.salary_from.max=5000");
  });
});

/** Saves the category list at `url` under `name`, as `cookie`'s user, and checks it was saved. */
async function saveSearch(cookie: string, url: string, slug: string, name: string) {
  const saved = await callWithSession(advertCategory.action, { url, cookie, params: { slug }, form: { intent: "save-search", name } });
  expect((saved.result as Response).status).toBe(302);
}

describe("saved searches and alerts with field filters", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("job_state").execute();
  });

  it("stores the accepted filters, reopens the same list, and alerts only for adverts passing them", async () => {
    const user = await makeUser({ name: "Reader" });
    const cookie = await sessionCookieFor(user.id);
    const url = "/us/advertisement/category/robota?f.salary_from.min=4000&f.polish=none&f.unknown=1";
    await saveSearch(cookie, url, "robota", "Warehouse jobs");
    const row = await t.db.selectFrom("saved_searches").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.filters).toEqual({ fields: { salary_from: { min: "4000" }, polish: { is: "none" } } });
    const opened = await catchResponse(
      callWithSession(savedSearchOpen.loader, { url: `/us/cabinet/saved-searches/${row.id}`, cookie, params: { id: String(row.id) } }).then(
        (r) => r.result,
      ),
    );
    const reopened = opened.headers.get("Location")!;
    // jsonb keeps keys in its own order: the reopened address may list them differently.
    expect(reopened).toBe("/us/advertisement/category/robota?f.polish=none&f.salary_from.min=4000");
    expect(await slugs(reopened.slice(reopened.indexOf("?")))).toEqual(["warehouse"]);

    await t.db.updateTable("saved_searches").set({ alert: "instant" }).where("id", "=", row.id).execute();
    const now = Date.now();
    const match = await insertJob(
      t.db,
      "forklift",
      { salary: 5000, polish: "none" },
      { title: "Forklift driver", published_at: new Date(now) },
    );
    await insertJob(t.db, "low-pay", { salary: 3000, polish: "none" }, { title: "Low pay job", published_at: new Date(now) });
    await insertJob(
      t.db,
      "needs-polish",
      { salary: 6000, polish: "fluent" },
      { title: "Fluent Polish office", published_at: new Date(now) },
    );
    await insertJob(t.db, "no-values", {}, { title: "No values job", published_at: new Date(now) });
    await runAlertJob(new Date(now + 1000));
    await runQueuedJobs();
    const matched = await t.db.selectFrom("alert_matches").select("advertisement_id").where("saved_search_id", "=", row.id).execute();
    expect(matched.map((entry) => entry.advertisement_id)).toEqual([match]);
    const mails = readOutbox(dataDir).filter((mail) => mail.to.includes(user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Forklift driver");
    for (const title of ["Low pay job", "Fluent Polish office", "No values job"]) expect(mails[0]!.text).not.toContain(title);
  });
});

describe("saved searches whose stored criteria no longer parse", () => {
  type Listed = { searches: Array<{ id: number; name: string; path: string; dropped: boolean }> };

  it("still list, with the bad part dropped and marked, open without it, alert without failing, and can be deleted", async () => {
    const user = await makeUser({ name: "Stale" });
    const cookie = await sessionCookieFor(user.id);
    // Rows as an older version, a hand edit or a bug could have left them: jsonb holds anything.
    const rows = await t.db
      .insertInto("saved_searches")
      .values([
        {
          user_id: user.id,
          name: "Year zero",
          locale: "us",
          category_slug: "transport",
          filters: JSON.stringify({ min: 100, fields: { available_from: { min: "0000-01-01", max: "2027-01-01" } } }),
          alert: "instant",
        },
        {
          user_id: user.id,
          name: "Garbage",
          locale: "us",
          category_slug: "robota",
          filters: JSON.stringify({
            min: "abc",
            max: 1e308,
            currency: "XYZ",
            photos: "yes",
            location: 7,
            fields: { salary_from: { min: "-1", max: "NaN" }, polish: { is: 5 }, remote: "1" },
          }),
          alert: "instant",
        },
        {
          user_id: user.id,
          name: "Not even an object",
          locale: "us",
          category_slug: "robota",
          filters: JSON.stringify(["x".repeat(10_000)]),
          alert: "off",
        },
        {
          user_id: user.id,
          name: "Fine",
          locale: "us",
          category_slug: "robota",
          filters: JSON.stringify({ fields: { polish: { is: "none" } } }),
          alert: "off",
        },
      ])
      .returning(["id", "name"])
      .execute();
    const id = (name: string) => rows.find((row) => row.name === name)!.id;

    const listed = (await callWithSession(savedSearches.loader, { url: "/us/cabinet/saved-searches", cookie })).result as unknown as Listed;
    const byName = Object.fromEntries(listed.searches.map((search) => [search.name, search]));
    expect(Object.keys(byName).sort()).toEqual(["Fine", "Garbage", "Not even an object", "Year zero"]);
    expect(byName["Year zero"]).toMatchObject({
      dropped: true,
      path: "/us/advertisement/category/transport?min=100&f.available_from.max=2027-01-01",
    });
    expect(byName["Garbage"]).toMatchObject({ dropped: true, path: "/us/advertisement/category/robota" });
    expect(byName["Not even an object"]).toMatchObject({ dropped: true, path: "/us/advertisement/category/robota" });
    expect(byName["Fine"]).toMatchObject({ dropped: false, path: "/us/advertisement/category/robota?f.polish=none" });

    const opened = await catchResponse(
      callWithSession(savedSearchOpen.loader, {
        url: `/us/cabinet/saved-searches/${id("Year zero")}`,
        cookie,
        params: { id: String(id("Year zero")) },
      }).then((r) => r.result),
    );
    expect(opened.headers.get("Location")).toBe("/us/advertisement/category/transport?min=100&f.available_from.max=2027-01-01");

    // The alert job reads the same rows: it runs through them instead of failing.
    await runAlertJob(new Date(Date.now() + 1000));

    const deleted = await callWithSession(savedSearches.action, {
      url: "/us/cabinet/saved-searches",
      cookie,
      form: { intent: "delete", id: String(id("Year zero")) },
    });
    expect((deleted.result as Response).status).toBe(302);
    const left = await t.db.selectFrom("saved_searches").select("name").where("user_id", "=", user.id).orderBy("name").execute();
    expect(left.map((row) => row.name)).toEqual(["Fine", "Garbage", "Not even an object"]);
  });

  it("saving a list whose address has a year-0000 date keeps the rest of the search", async () => {
    const user = await makeUser({ name: "Saver" });
    const cookie = await sessionCookieFor(user.id);
    const url = "/advertisement/category/transport?f.available_from.min=0000-01-01&f.available_from.max=2030-01-01";
    const page = await callAppRoute(advertCategory.loader as (args: any) => Promise<ListData>, { url, params: { slug: "transport" } });
    expect((page as ListData).query.fields).toEqual({ available_from: { max: "2030-01-01" } });
    await saveSearch(cookie, url, "transport", "Old date");
    const row = await t.db.selectFrom("saved_searches").select("filters").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.filters).toEqual({ fields: { available_from: { max: "2030-01-01" } } });
    const listed = (await callWithSession(savedSearches.loader, { url: "/cabinet/saved-searches", cookie })).result as unknown as Listed;
    expect(listed.searches).toMatchObject([{ name: "Old date", dropped: false }]);
  });
});

describe("search by select labels", () => {
  async function found(q: string, locale = "") {
    const data = await callAppRoute(search.loader, {
      url: `${locale}/search/advertisement?q=${encodeURIComponent(q)}`,
      params: { category: "advertisement" },
    });
    const text = JSON.stringify(data);
    return ["warehouse", "developer", "cleaner", "courier"].filter((slug) => text.includes(`/advertisement/${slug}"`));
  }

  it("finds adverts by their choices in either language, following changes to values and labels", async () => {
    expect(await found("full time", "/us")).toEqual(["warehouse", "developer"]);
    expect(await found("повна зайнятість")).toEqual(["warehouse", "developer"]);
    expect(await found("часткова зайнятість")).toEqual(["cleaner", "courier"]);

    await t.db
      .updateTable("advert_field_values")
      .set({ text_value: "part_time" })
      .where("advertisement_id", "=", ids.warehouse!)
      .where("field_id", "=", fieldIds.employment!)
      .execute();
    expect(await found("full time", "/us")).toEqual(["developer"]);
    await t.db
      .deleteFrom("advert_field_values")
      .where("advertisement_id", "=", ids.developer!)
      .where("field_id", "=", fieldIds.employment!)
      .execute();
    expect(await found("full time", "/us")).toEqual([]);

    // Staff rename an option: the adverts that chose it are found by the new label.
    await t.db
      .updateTable("advert_fields")
      .set({
        options: JSON.stringify([option("full_time", "Повна зайнятість", "Full time"), option("part_time", "Неповний день", "Half day")]),
      })
      .where("id", "=", fieldIds.employment!)
      .execute();
    expect(await found("half day", "/us")).toEqual(["warehouse", "cleaner", "courier"]);
  });
});
