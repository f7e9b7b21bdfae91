// The values' copies of their advert (migrations/0029: category, listing time, expiry, list
// position) follow every change of the advert and of its values, and a filtered list, its
// count and its page never show an advert that is not live, whichever query answers them.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { NewAdvertisement } from "#db/schema.ts";
import { advertListQueries, type AdvertListFilters } from "#app/modules/adverts/queries.server.ts";
import type { FieldFilter } from "#app/modules/adverts/category-field-filters.ts";
import { useTestDatabase } from "../support/db.ts";
import { makeUser } from "../support/auth.ts";
import { insertJobAdvert, type JobValues } from "./job-adverts.ts";
import { insertAdvertCategories, insertLocations, JOBS_AND_VEHICLES } from "../support/adverts.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let ownerId: number;
let robota: number;
let transport: number;
let salary: number;
let remote: number;
let krakiv: number;
let lviv: number;

const insertJob = (slug: string, values: Pick<JobValues, "salary" | "remote">, advert: Partial<NewAdvertisement> = {}) =>
  insertJobAdvert(t.db, { ownerId, categoryId: robota, locationId: krakiv, fields: { salary_from: salary, remote } }, slug, values, advert);

/** The list's place filter for the city itself (a location without a point: `?location=` always meant this). */
const inCity = (id: number): Partial<AdvertListFilters> => ({
  near: { place: { id, slug: `city-${id}`, name: { text: "?", lang: "uk" }, point: null }, radius: null },
});

const bySalary = (min: number): FieldFilter => ({ fieldId: salary, kind: "number", min, max: null });
const isRemote = (): FieldFilter => ({ fieldId: remote, kind: "boolean" });

/** The jobs list's filters, sorted by `sort`: no price, currency or photo condition unless `extra` sets one. */
const jobsFilters = (
  sort: AdvertListFilters["sort"],
  fieldFilters: FieldFilter[],
  extra: Partial<AdvertListFilters> = {},
): AdvertListFilters => ({
  minPrice: null,
  maxPrice: null,
  currency: null,
  withPhotos: false,
  sort,
  categoryIds: [robota],
  fieldFilters,
  ...extra,
});

/** A filtered jobs list, newest first: its page's ids and its count; sorted by price (answered on advertisements), the same adverts. */
async function list(fieldFilters: FieldFilter[], extra: Partial<AdvertListFilters> = {}) {
  const results = [];
  for (const sort of ["newest", "cheapest"] as const) {
    const { rows, count } = advertListQueries(jobsFilters(sort, fieldFilters, extra), 1);
    const ids = (await rows.execute()).map((row) => row.id);
    results.push({ ids, total: Number((await count.executeTakeFirstOrThrow()).total) });
  }
  const [newest, cheapest] = results;
  expect(cheapest!.total).toBe(newest!.total);
  expect([...cheapest!.ids].sort()).toEqual([...newest!.ids].sort());
  return results[0]!;
}

const copies = (advertId: number) =>
  t.db
    .selectFrom("advert_field_values as v")
    .innerJoin("advertisements as a", "a.id", "v.advertisement_id")
    .select([
      "v.category_id",
      sql<boolean>`v.category_id = a.category_id`.as("same_category"),
      sql<boolean>`v.listed_at is not distinct from case when a.status = 'published' and a.deleted_at is null then a.published_at end`.as(
        "same_listing",
      ),
      sql<boolean>`v.expires_at is not distinct from a.expires_at`.as("same_expiry"),
      sql<boolean>`v.raised_at is not distinct from a.raised_at`.as("same_position"),
      sql<boolean>`v.location_id is not distinct from a.location_id`.as("same_place"),
      sql<boolean>`v.sort_price is not distinct from case a.price_kind when 'free' then 0 when 'amount' then a.price_amount end`.as(
        "same_price",
      ),
      sql<boolean>`v.listed_at is not null`.as("listed"),
    ])
    .where("v.advertisement_id", "=", advertId)
    .execute();

async function expectCopiesFollow(advertId: number) {
  const rows = await copies(advertId);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows)
    expect(row).toMatchObject({
      same_category: true,
      same_listing: true,
      same_expiry: true,
      same_position: true,
      same_place: true,
      same_price: true,
    });
  return rows[0]!;
}

beforeAll(async () => {
  ownerId = (await makeUser({ name: "Оля" })).id;
  [robota, transport] = (await insertAdvertCategories(t.db, JOBS_AND_VEHICLES)) as [number, number];
  [krakiv, lviv] = (await insertLocations(t.db, ["krakiv", "lviv"])) as [number, number];
  const fields = await t.db
    .insertInto("advert_fields")
    .values([
      { category_id: robota, key: "salary_from", kind: "number", label_uk: "Зарплата від", position: 0 },
      { category_id: robota, key: "remote", kind: "boolean", label_uk: "Можна віддалено", position: 1 },
    ])
    .returning("id")
    .execute();
  [salary, remote] = fields.map((row) => row.id) as [number, number];
});

describe("the values' copies of their advert", () => {
  it("are taken when values are written and follow the advert hidden, shown, moved, raised and deleted", async () => {
    const id = await insertJob("copied", { salary: 5000, remote: true });
    expect(await expectCopiesFollow(id)).toMatchObject({ category_id: robota, listed: true });
    expect((await list([bySalary(4000), isRemote()])).ids).toContain(id);

    await t.db.updateTable("advertisements").set({ status: "archived" }).where("id", "=", id).execute();
    expect(await expectCopiesFollow(id)).toMatchObject({ listed: false });
    expect((await list([bySalary(4000)])).ids).not.toContain(id);

    await t.db.updateTable("advertisements").set({ status: "published" }).where("id", "=", id).execute();
    expect(await expectCopiesFollow(id)).toMatchObject({ listed: true });

    await t.db.updateTable("advertisements").set({ category_id: transport }).where("id", "=", id).execute();
    expect(await expectCopiesFollow(id)).toMatchObject({ category_id: transport });
    expect((await list([bySalary(4000)])).ids).not.toContain(id);
    await t.db.updateTable("advertisements").set({ category_id: robota }).where("id", "=", id).execute();

    await t.db.updateTable("advertisements").set({ location_id: lviv }).where("id", "=", id).execute();
    await expectCopiesFollow(id);
    expect((await list([bySalary(4000)], inCity(krakiv))).ids).not.toContain(id);
    expect((await list([bySalary(4000)], inCity(lviv))).ids).toContain(id);

    await t.db
      .updateTable("advertisements")
      .set({ raised_at: new Date(Date.now() + HOUR) })
      .where("id", "=", id)
      .execute();
    await expectCopiesFollow(id);
    await t.db
      .updateTable("advertisements")
      .set({ price_kind: "amount", price_amount: "120", price_currency: "PLN" })
      .where("id", "=", id)
      .execute();
    await expectCopiesFollow(id);
    await t.db
      .updateTable("advertisements")
      .set({ price_kind: "free", price_amount: null, price_currency: null })
      .where("id", "=", id)
      .execute();
    await expectCopiesFollow(id);

    await t.db.updateTable("advertisements").set({ deleted_at: new Date() }).where("id", "=", id).execute();
    expect(await expectCopiesFollow(id)).toMatchObject({ listed: false });
    expect((await list([bySalary(4000)])).ids).not.toContain(id);

    await t.db.deleteFrom("advertisements").where("id", "=", id).execute();
    expect(await copies(id)).toEqual([]);
  });

  it("are taken for values added to a hidden advert, and values changing move it in and out of the list", async () => {
    const id = await insertJob("later-values", {}, { status: "draft", published_at: null });
    await t.db.insertInto("advert_field_values").values({ advertisement_id: id, field_id: salary, number_value: "9000" }).execute();
    expect(await expectCopiesFollow(id)).toMatchObject({ listed: false });
    expect((await list([bySalary(8500)])).ids).not.toContain(id);

    await t.db
      .updateTable("advertisements")
      .set({ status: "published", published_at: new Date(Date.now() - HOUR) })
      .where("id", "=", id)
      .execute();
    expect(await expectCopiesFollow(id)).toMatchObject({ listed: true });
    expect((await list([bySalary(8500)])).ids).toContain(id);

    await t.db.updateTable("advert_field_values").set({ number_value: "8000" }).where("advertisement_id", "=", id).execute();
    expect((await list([bySalary(8500)])).ids).not.toContain(id);
    // Written again as the form does (an upsert): the copies stay.
    await t.db
      .insertInto("advert_field_values")
      .values({ advertisement_id: id, field_id: salary, number_value: "8600" })
      .onConflict((oc) => oc.columns(["advertisement_id", "field_id"]).doUpdateSet({ number_value: "8600" }))
      .execute();
    await expectCopiesFollow(id);
    expect((await list([bySalary(8500)])).ids).toContain(id);
  });
});

describe("a filtered list", () => {
  it("never shows an advert that is not live, in its page or its count, and orders by the last raise", async () => {
    const min = 20_000;
    const live = await insertJob("live", { salary: min + 1, remote: true }, { published_at: new Date(Date.now() - 2 * HOUR) });
    const raised = await insertJob("raised", { salary: min + 2, remote: true }, { published_at: new Date(Date.now() - 3 * HOUR) });
    // Expired by the clock alone: nothing wrote the advert when its time ran out.
    await insertJob("expired", { salary: min + 3, remote: true }, { expires_at: new Date(Date.now() - 1000) });
    await insertJob("scheduled", { salary: min + 4, remote: true }, { published_at: new Date(Date.now() + DAY) });
    await insertJob("pending", { salary: min + 5, remote: true }, { status: "pending" });
    await insertJob("deleted", { salary: min + 6, remote: true }, { deleted_at: new Date() });
    await insertJob("not-remote", { salary: min + 7, remote: false });

    expect(await list([bySalary(min), isRemote()])).toEqual({ ids: [live, raised], total: 2 });
    await t.db.updateTable("advertisements").set({ raised_at: new Date() }).where("id", "=", raised).execute();
    expect(await list([bySalary(min), isRemote()])).toEqual({ ids: [raised, live], total: 2 });
    expect(await list([isRemote(), bySalary(min)])).toEqual({ ids: [raised, live], total: 2 });
    expect(await list([bySalary(min), isRemote()], inCity(krakiv))).toEqual({ ids: [raised, live], total: 2 });
    // A price range is answered on advertisements: the same adverts.
    await t.db
      .updateTable("advertisements")
      .set({ price_kind: "amount", price_amount: "300", price_currency: "PLN" })
      .where("id", "=", live)
      .execute();
    await t.db
      .updateTable("advertisements")
      .set({ price_kind: "amount", price_amount: "200", price_currency: "PLN" })
      .where("id", "=", raised)
      .execute();
    expect(await list([bySalary(min), isRemote()], { maxPrice: 1000 })).toEqual({ ids: [raised, live], total: 2 });
    // Sorted by price from the values' copies, as on advertisements.
    for (const [sort, order] of [
      ["cheapest", [raised, live]],
      ["expensive", [live, raised]],
    ] as const) {
      for (const extra of [{}, { maxPrice: 1000 }]) {
        const filters = jobsFilters(sort, [bySalary(min), isRemote()], extra);
        expect(
          (await advertListQueries(filters, 1).rows.execute()).map((row) => row.id),
          sort,
        ).toEqual(order);
      }
    }
  });
});
