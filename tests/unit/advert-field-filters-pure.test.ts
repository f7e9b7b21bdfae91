// Field filters in the list's URL: what is read from hostile addresses, what a category's
// fields accept, and the query string written back for links and saved searches.
import { describe, expect, it } from "vitest";
import { appendFieldParams, parseFieldParams, resolveFieldFilters, type FilterableField } from "#app/modules/adverts/category-field-filters.ts";
import { advertQueryString, isFiltered, parseAdvertQuery } from "#app/modules/adverts/list-query.ts";
import { criteriaFromPath, pathOfCriteria } from "#app/modules/saved-searches/criteria.ts";

const FIELDS: FilterableField[] = [
  { id: 1, key: "salary_from", kind: "number", options: [] },
  {
    id: 2,
    key: "polish",
    kind: "select",
    options: [
      { value: "none", label_uk: "Не потрібна", label_en: "Not needed" },
      { value: "fluent", label_uk: "Вільна", label_en: "Fluent" },
    ],
  },
  { id: 3, key: "remote", kind: "boolean", options: [] },
  { id: 4, key: "available_from", kind: "date", options: [] },
  { id: 5, key: "notes", kind: "text", options: [] },
];

const parse = (query: string) => parseFieldParams(new URLSearchParams(query));

describe("parseFieldParams", () => {
  it("reads ranges, a choice and a yes", () => {
    expect(parse("f.salary_from.min=4000&f.salary_from.max=9000,5&f.polish=none&f.remote=1&other=x")).toEqual({
      salary_from: { min: "4000", max: "9000.5" },
      polish: { is: "none" },
      remote: { is: "1" },
    });
  });

  it("ignores malformed names, values and repeated parameters", () => {
    const hostile = [
      "f.=1",
      "f.Bad=1",
      "f.x.y.z=1",
      "f.salary_from.min=abc",
      "f.salary_from.max=1e309",
      "f.salary_from.min=Infinity",
      "f.rent.min=1&f.rent.min=2",
      `f.polish=${"a".repeat(81)}`,
      "f.remote=%00",
      "f.available_from.min=2026-02-30",
      "f.__proto__=1",
      "f.constructor.min=5",
      "f.salary_from.min=",
    ].join("&");
    const parsed = parse(hostile);
    expect(parsed).toEqual({ constructor: { min: "5" } });
    expect(Object.getPrototypeOf(parse("f.__proto__.min=1"))).toBe(Object.prototype);
  });

  it("reads at most 24 keys", () => {
    const many = Array.from({ length: 40 }, (_, index) => `f.k${index}=1`).join("&");
    expect(Object.keys(parse(many))).toHaveLength(24);
  });
});

describe("resolveFieldFilters", () => {
  it("keeps what the fields accept, normalized, in the fields' order", () => {
    const { filters, applied } = resolveFieldFilters(
      FIELDS,
      parse("f.remote=1&f.polish=none&f.salary_from.min=9000&f.salary_from.max=04000&f.available_from.max=2026-06-01&f.notes=hi&f.unknown=1"),
    );
    expect(filters).toEqual([
      { fieldId: 1, kind: "number", min: 4000, max: 9000 },
      { fieldId: 2, kind: "select", value: "none" },
      { fieldId: 3, kind: "boolean" },
      { fieldId: 4, kind: "date", min: null, max: "2026-06-01" },
    ]);
    expect(applied).toEqual({ salary_from: { min: "4000", max: "9000" }, polish: { is: "none" }, remote: { is: "1" }, available_from: { max: "2026-06-01" } });
  });

  it("drops an unknown choice, a yes other than 1, a date range on a number and a number range on a date", () => {
    const { filters } = resolveFieldFilters(FIELDS, parse("f.polish=klingon&f.remote=yes&f.salary_from.min=2026-01-01&f.available_from.min=5&f.constructor=1"));
    expect(filters).toEqual([]);
  });
});

describe("the list query with field filters", () => {
  it("round-trips through the query string and counts as filtered", () => {
    const query = parseAdvertQuery(new URLSearchParams("sort=cheapest&f.polish=none&f.salary_from.min=4000&page=2"));
    expect(isFiltered(query)).toBe(true);
    expect(advertQueryString(query)).toBe("?f.polish=none&f.salary_from.min=4000&sort=cheapest");
    const params = new URLSearchParams();
    appendFieldParams(params, { rent: { min: "1", max: "2" }, pets: { is: "1" } });
    expect(params.toString()).toBe("f.rent.min=1&f.rent.max=2&f.pets=1");
  });

  it("a saved search of a category keeps them and reopens the same address; other lists drop them", () => {
    const criteria = criteriaFromPath("/us/advertisement/category/robota?f.salary_from.min=4000&f.polish=none&location=krakiv");
    expect(criteria).toEqual({ categorySlug: "robota", queryText: null, filters: { location: "krakiv", fields: { "salary_from": { min: "4000" }, polish: { is: "none" } } } });
    expect(pathOfCriteria(criteria!, "us")).toBe("/us/advertisement/category/robota?location=krakiv&f.salary_from.min=4000&f.polish=none");
    expect(criteriaFromPath("/advertisement?f.polish=none")).toEqual({ categorySlug: null, queryText: null, filters: {} });
  });
});
