// Field filters in the list's URL: what is read from hostile addresses, what a category's
// fields accept, and the query string written back for links and saved searches.
import { describe, expect, it } from "vitest";
import {
  appendFieldParams,
  parseFieldParams,
  resolveFieldFilters,
  type FilterableField,
} from "#app/modules/adverts/category-field-filters.ts";
import { advertQueryString, isFiltered, parseAdvertQuery } from "#app/modules/adverts/list-query.ts";
import { criteriaFromPath, parseStoredFilters, pathOfCriteria } from "#app/modules/saved-searches/criteria.ts";

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

  it("ignores bounds no field could hold: years before 1900 or after 2200, negative, past a field's range, NaN", () => {
    const bounds = ["0000-01-01", "9999-12-31", "1899-12-31", "2201-01-01", "-1", "1000000000", "1e308", "NaN", "Infinity", "0.001"];
    for (const value of bounds) expect(parse(`f.x.min=${value}&f.x.max=${value}`), value).toEqual({});
    expect(parse("f.x.min=1900-01-01&f.x.max=2200-12-31&f.y.min=0&f.y.max=999 999 999")).toEqual({
      x: { min: "1900-01-01", max: "2200-12-31" },
      y: { min: "0", max: "999999999" },
    });
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
      parse(
        "f.remote=1&f.polish=none&f.salary_from.min=9000&f.salary_from.max=04000&f.available_from.max=2026-06-01&f.notes=hi&f.unknown=1",
      ),
    );
    expect(filters).toEqual([
      { fieldId: 1, kind: "number", min: 4000, max: 9000 },
      { fieldId: 2, kind: "select", value: "none" },
      { fieldId: 3, kind: "boolean" },
      { fieldId: 4, kind: "date", min: null, max: "2026-06-01" },
    ]);
    expect(applied).toEqual({
      salary_from: { min: "4000", max: "9000" },
      polish: { is: "none" },
      remote: { is: "1" },
      available_from: { max: "2026-06-01" },
    });
  });

  it("drops an unknown choice, a yes other than 1, a date range on a number and a number range on a date", () => {
    const { filters } = resolveFieldFilters(
      FIELDS,
      parse("f.polish=klingon&f.remote=yes&f.salary_from.min=2026-01-01&f.available_from.min=5&f.constructor=1"),
    );
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
    expect(criteria).toEqual({
      categorySlug: "robota",
      queryText: null,
      filters: { location: "krakiv", fields: { salary_from: { min: "4000" }, polish: { is: "none" } } },
    });
    expect(pathOfCriteria(criteria!, "us")).toBe("/us/advertisement/category/robota?near=krakiv&f.salary_from.min=4000&f.polish=none");
    expect(criteriaFromPath("/advertisement?f.polish=none")).toEqual({ categorySlug: null, queryText: null, filters: {} });
  });
});

describe("a saved search's stored filters", () => {
  it("read again as the list's address would be, what no longer parses dropped and marked", () => {
    expect(parseStoredFilters(null)).toEqual({ filters: {}, dropped: false });
    expect(
      parseStoredFilters({
        location: "krakiv",
        min: 10,
        max: "20",
        currency: "PLN",
        photos: true,
        fields: { rooms: { min: "2" }, pets: { is: "1" } },
      }),
    ).toEqual({
      filters: { location: "krakiv", min: 10, max: 20, currency: "PLN", photos: true, fields: { rooms: { min: "2" }, pets: { is: "1" } } },
      dropped: false,
    });
    expect(parseStoredFilters({ min: 5, fields: { available_from: { min: "0000-01-01", max: "2027-01-01" } } })).toEqual({
      filters: { min: 5, fields: { available_from: { max: "2027-01-01" } } },
      dropped: true,
    });
    const hostile = [
      { min: "abc" },
      { max: 1e308 },
      { min: -1 },
      { currency: "XYZ" },
      { photos: "yes" },
      { location: 7 },
      { location: "\u0000" },
      { unknown: 1 },
      { fields: "x" },
      { fields: { rooms: 5 } },
      { fields: { rooms: { min: 5 } } },
      { fields: { rooms: { min: "NaN" } } },
      { fields: { rooms: { at: "1" } } },
      { fields: { rooms: { is: "x".repeat(10_240) } } },
      "text",
      5,
      ["x"],
    ];
    for (const stored of hostile)
      expect(parseStoredFilters(stored), JSON.stringify(stored).slice(0, 60)).toEqual({ filters: {}, dropped: true });
  });
});
