// A category's `<base>_from` / `<base>_to` number fields as one range: grouped for the form and
// the filters, filtered as one pair whose matches are the adverts whose own range meets it (an
// advert with one end has that one figure), and an upper figure below the lower one refused.
import { beforeAll, describe, expect, it } from "vitest";
import * as advertCategory from "#app/routes/advert-category/route.tsx";
import { groupRanges, rangeLabel } from "#app/modules/adverts/field-ranges.ts";
import { parseFieldParams, resolveFieldFilters } from "#app/modules/adverts/category-field-filters.ts";
import { createAdvertSchema } from "#app/modules/adverts/form-schema.ts";
import { useTestDatabase } from "../support/db.ts";
import { callAppRoute } from "../support/app-route.ts";
import { makeUser, useAccountConfig } from "../support/auth.ts";
import { insertAdvertCategories, insertLocations, JOBS_AND_VEHICLES } from "../support/adverts.ts";
import { insertJobAdvert, type JobPlace } from "./job-adverts.ts";

const number = (id: number, key: string) => ({ id, key, kind: "number" as const, options: [] });
const SALARY = [number(1, "salary_from"), { id: 2, key: "employment", kind: "select" as const, options: [] }, number(3, "salary_to")];

describe("range pairs among a category's fields", () => {
  it("groups `<base>_from` with `<base>_to` where the first stands, and leaves other fields alone", () => {
    expect(groupRanges(SALARY)).toEqual([{ range: { base: "salary", from: SALARY[0], to: SALARY[2] } }, { field: SALARY[1] }]);
    // Half a pair, a pair that is not two numbers, or a field already keyed as the base: no range.
    expect(groupRanges([number(1, "salary_from")])).toEqual([{ field: number(1, "salary_from") }]);
    const dates = [number(1, "stay_from"), { id: 2, key: "stay_to", kind: "date" as const, options: [] }];
    expect(groupRanges(dates).every((group) => "field" in group)).toBe(true);
    expect(groupRanges([...SALARY, number(4, "salary")]).every((group) => "field" in group)).toBe(true);
  });

  it("names the range by the words its two labels begin with", () => {
    expect(rangeLabel("Зарплата від", "Зарплата до")).toBe("Зарплата");
    expect(rangeLabel("Salary from", "Salary to")).toBe("Salary");
    expect(rangeLabel("Мінімум", "Максимум")).toBe("Мінімум – Максимум");
    expect(rangeLabel("Salary", "Salary")).toBe("Salary – Salary");
  });

  it("reads f.<base>.min / .max, and the pair's own keys as the range's", () => {
    const resolve = (query: string) => resolveFieldFilters(SALARY, parseFieldParams(new URLSearchParams(query)));
    expect(resolve("f.salary.min=6000&f.salary.max=4000")).toEqual({
      filters: [
        { fieldId: 3, alsoFieldId: 1, kind: "number", min: 4000, max: null },
        { fieldId: 1, alsoFieldId: 3, kind: "number", min: null, max: 6000 },
      ],
      applied: { salary: { min: "4000", max: "6000" } },
    });
    expect(resolve("f.salary_from.min=4500&f.salary_to.max=5000").applied).toEqual({ salary: { min: "4500", max: "5000" } });
    // The range's own parameter wins over its fields' keys.
    expect(resolve("f.salary.min=100&f.salary_from.min=4500").applied).toEqual({ salary: { min: "100" } });
    expect(resolve("f.salary.min=abc").filters).toEqual([]);
  });

  it("refuses an upper figure below the lower one in the advert form", () => {
    const fields = [
      { key: "salary_from", kind: "number" as const, required: false, options: [] },
      { key: "salary_to", kind: "number" as const, required: false, options: [] },
    ];
    const issues = (from: string, to: string) => {
      const result = createAdvertSchema({ fields }).safeParse({ fields: { salary_from: from, salary_to: to } });
      return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === "fields").map((issue) => issue.message);
    };
    expect(issues("6 000", "5000")).toEqual(["fields:errors.range_order"]);
    expect(issues("5000", "6000")).toEqual([]);
    expect(issues("5000", "5000")).toEqual([]);
    expect(issues("", "3000")).toEqual([]);
  });
});

describe("a category list filtered by a range", () => {
  const t = useTestDatabase();

  beforeAll(async () => {
    useAccountConfig({ PUBLIC_URL: "https://portal.example" });
    const owner = (await makeUser({ name: "Оля" })).id;
    const [robota] = await insertAdvertCategories(t.db, JOBS_AND_VEHICLES);
    const [krakiv] = await insertLocations(t.db, ["krakiv"]);
    const fields = await t.db
      .insertInto("advert_fields")
      .values([
        { category_id: robota!, key: "salary_from", kind: "number", label_uk: "Зарплата від", label_en: "Salary from", position: 0 },
        { category_id: robota!, key: "salary_to", kind: "number", label_uk: "Зарплата до", label_en: "Salary to", position: 1 },
        { category_id: robota!, key: "remote", kind: "boolean", label_uk: "Можна віддалено", label_en: "Remote possible", position: 2 },
      ])
      .returning(["id", "key"])
      .execute();
    const place: JobPlace = {
      ownerId: owner,
      categoryId: robota!,
      locationId: krakiv!,
      fields: Object.fromEntries(fields.map((row) => [row.key, row.id])),
    };
    await insertJobAdvert(t.db, place, "a-4000-5000", { salary: 4000, salaryTo: 5000, remote: true });
    await insertJobAdvert(t.db, place, "b-from-6000", { salary: 6000 });
    await insertJobAdvert(t.db, place, "c-to-3500", { salaryTo: 3500 });
    await insertJobAdvert(t.db, place, "d-7000-9000", { salary: 7000, salaryTo: 9000, remote: true });
    await insertJobAdvert(t.db, place, "e-no-salary", {});
  });

  type ListData = {
    items: Array<{ slug: string }>;
    fields: Array<{ key: string; label: string }>;
    query: { fields: unknown; minPrice: number | null; maxPrice: number | null };
    priceInFields: boolean;
  };
  const list = (query: string, prefix = "") =>
    callAppRoute(advertCategory.loader as (args: any) => Promise<ListData>, {
      url: `${prefix}/advertisement/category/robota${query}`,
      params: { slug: "robota" },
    }) as Promise<ListData>;
  const slugs = async (query: string) => (await list(query)).items.map((item) => item.slug).sort();

  it("offers the pair as one filter, named for both fields", async () => {
    expect((await list("")).fields.map((field) => [field.key, field.label])).toEqual([
      ["salary", "Зарплата"],
      ["remote", "Можна віддалено"],
    ]);
    expect((await list("", "/us")).fields.map((field) => [field.key, field.label])).toEqual([
      ["salary", "Salary"],
      ["remote", "Remote possible"],
    ]);
  });

  it("finds the adverts whose range meets the one asked for", async () => {
    expect(await slugs("?f.salary.min=5500")).toEqual(["b-from-6000", "d-7000-9000"]);
    expect(await slugs("?f.salary.max=4500")).toEqual(["a-4000-5000", "c-to-3500"]);
    expect(await slugs("?f.salary.min=4500&f.salary.max=6500")).toEqual(["a-4000-5000", "b-from-6000"]);
    expect(await slugs("?f.salary.min=9000&f.salary.max=9000")).toEqual(["d-7000-9000"]);
    expect(await slugs("?f.salary.min=9001")).toEqual([]);
    // Beside a filter on one field (which then leads), the same matches.
    expect(await slugs("?f.remote=1&f.salary.min=5500")).toEqual(["d-7000-9000"]);
    expect(await slugs("?f.remote=1&f.salary.min=4500&f.salary.max=6500")).toEqual(["a-4000-5000"]);
    expect(await slugs("?f.remote=1&f.salary.max=3000")).toEqual([]);
    const both = await list("?f.salary.min=4500&f.salary.max=6500");
    expect(both.query.fields).toEqual({ salary: { min: "4500", max: "6500" } });
  });

  it("has no second price range when the salary is the price", async () => {
    const data = await list("?min=99999&max=100000");
    expect(data.priceInFields).toBe(true);
    expect([data.query.minPrice, data.query.maxPrice]).toEqual([null, null]);
    expect(data.items).toHaveLength(5);
  });
});
