// The adverts' pure rules: prices, list filters, statuses, the lightbox's arithmetic, and
// the form schema the browser and the server share.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { advertFormSchema, createAdvertSchema, parsePhotoOrder } from "#app/modules/adverts/form-schema.ts";
import { LIGHTBOX, stepZoom, swipeDirection, wrapIndex } from "#app/modules/adverts/lightbox.ts";
import { advertQueryString, isFiltered, parseAdvertQuery } from "#app/modules/adverts/list-query.ts";
import { amountInputValue, formatAmount, parsePriceAmount } from "#app/modules/adverts/price.ts";
import { effectiveStatus, isPubliclyVisible, ownerActions, statusAfterSave } from "#app/modules/adverts/lifecycle.ts";

describe("prices", () => {
  it("reads amounts as people in either locale type them", () => {
    expect(parsePriceAmount("1250")).toBe(1250);
    expect(parsePriceAmount("1 250")).toBe(1250);
    expect(parsePriceAmount("1\u00a0250,50")).toBe(1250.5);
    expect(parsePriceAmount("1250.5")).toBe(1250.5);
    expect(parsePriceAmount("1,250")).toBe(1250);
    expect(parsePriceAmount("1.250.000")).toBe(1_250_000);
    expect(parsePriceAmount("1,250.50")).toBe(1250.5);
    expect(parsePriceAmount("1.250,50")).toBe(1250.5);
    expect(parsePriceAmount("0")).toBe(0);
  });

  it("refuses what is not a plain non-negative amount within numeric(12,2)", () => {
    for (const bad of ["", "abc", "-5", "12abc", "1,2,3", "1.250.50", "1e5", "99999999999"]) {
      expect(parsePriceAmount(bad), bad).toBeNull();
    }
  });

  it("formats in the locale's way, whole amounts without decimals", () => {
    expect(formatAmount("2800.00", "PLN", "uk")).toBe("2\u00a0800\u00a0zł");
    expect(formatAmount("1250.50", "EUR", "en")).toBe("€1,250.50");
    expect(formatAmount(30, "USD", "en")).toBe("$30");
    expect(amountInputValue("1250.00")).toBe("1250");
    expect(amountInputValue("99.50")).toBe("99.50");
  });
});

describe("list query", () => {
  it("parses filters and sort from the URL, ignoring malformed values", () => {
    const query = parseAdvertQuery(new URLSearchParams("location=krakiv&min=500&max=100&currency=PLN&photos=1&sort=cheapest"));
    expect(query).toEqual({
      kind: null,
      // The older `location` is the place itself (no radius).
      near: "krakiv",
      radius: null,
      minPrice: 100,
      maxPrice: 500,
      currency: "PLN",
      withPhotos: true,
      sort: "cheapest",
      fields: {},
    });
    expect(isFiltered(query)).toBe(true);
    const junk = parseAdvertQuery(new URLSearchParams("min=abc&currency=XYZ&photos=yes&sort=random&kind=auction"));
    expect(junk).toEqual({
      kind: null,
      near: null,
      radius: null,
      minPrice: null,
      maxPrice: null,
      currency: null,
      withPhotos: false,
      sort: "newest",
      fields: {},
    });
    expect(isFiltered(junk)).toBe(false);
  });

  it("writes a query string without defaults", () => {
    expect(advertQueryString(parseAdvertQuery(new URLSearchParams("sort=newest")))).toBe("");
    expect(advertQueryString(parseAdvertQuery(new URLSearchParams("min=10&sort=expensive")))).toBe("?min=10&sort=expensive");
  });

  it("reads a place and a radius, and sorts nearest first only when it measures", () => {
    const near = parseAdvertQuery(new URLSearchParams("near=krakiv&radius=20&sort=nearest"));
    expect(near).toMatchObject({ near: "krakiv", radius: 20, sort: "nearest" });
    expect(isFiltered(near)).toBe(true);
    expect(advertQueryString(near)).toBe("?near=krakiv&radius=20&sort=nearest");
    // The older `location=` writes back as `near=`, with no radius.
    expect(advertQueryString(parseAdvertQuery(new URLSearchParams("location=krakiv&radius=20")))).toBe("?near=krakiv");
    // Nearest first without a radius (or a place) is newest first.
    expect(parseAdvertQuery(new URLSearchParams("near=krakiv&sort=nearest")).sort).toBe("newest");
    expect(parseAdvertQuery(new URLSearchParams("radius=20&sort=nearest"))).toMatchObject({ near: null, radius: null, sort: "newest" });
    expect(parseAdvertQuery(new URLSearchParams("near=krakiv&radius=7")).radius).toBeNull();
    // Any distance narrows nothing: the whole list, nearer first.
    const anywhere = parseAdvertQuery(new URLSearchParams("near=krakiv&radius=any&sort=nearest"));
    expect(anywhere).toMatchObject({ radius: "any", sort: "nearest" });
    expect(isFiltered(anywhere)).toBe(false);
  });
});

describe("status", () => {
  const past = new Date(Date.now() - 1000);
  const future = new Date(Date.now() + 60_000);

  it("a published advert past its expiry is expired, decided at read time", () => {
    expect(effectiveStatus("published", past)).toBe("expired");
    expect(effectiveStatus("published", future)).toBe("published");
    expect(effectiveStatus("published", null)).toBe("published");
    expect(effectiveStatus("sold", past)).toBe("sold");
  });

  it("only live, sold and expired adverts have a public page", () => {
    expect(["published", "sold", "expired"].every((s) => isPubliclyVisible(s as never))).toBe(true);
    expect(["draft", "pending", "rejected", "archived"].some((s) => isPubliclyVisible(s as never))).toBe(false);
  });

  it("offers the owner the actions that make sense", () => {
    expect(ownerActions("published", true)).toEqual(["edit", "renew", "raise", "sold", "archive", "delete"]);
    expect(ownerActions("expired", true)).toEqual(["edit", "renew", "sold", "archive", "delete"]);
    expect(ownerActions("pending", false)).toEqual(["edit", "archive", "delete"]);
    expect(ownerActions("archived", true)).toEqual(["edit", "renew", "delete"]);
    expect(ownerActions("sold", true)).toEqual(["edit", "archive", "delete"]);
  });

  it("moderation decides where a saved advert goes", () => {
    expect(statusAfterSave(null, false)).toBe("published");
    expect(statusAfterSave(null, true)).toBe("pending");
    expect(statusAfterSave("published", true)).toBe("pending");
    expect(statusAfterSave("published", false)).toBe("published");
    expect(statusAfterSave("rejected", false)).toBe("pending");
    expect(statusAfterSave("sold", true)).toBe("sold");
  });
});

describe("lightbox", () => {
  it("zooms in steps of 0.12 between 0.1 and 3", () => {
    expect(LIGHTBOX).toEqual({ zoomStep: 0.12, minZoom: 0.1, maxZoom: 3, swipeTolerance: 50 });
    expect(stepZoom(1, 1)).toBe(1.12);
    expect(stepZoom(1, -1)).toBe(0.88);
    expect(stepZoom(2.95, 1)).toBe(3);
    expect(stepZoom(0.15, -1)).toBe(0.1);
  });

  it("a swipe needs 50 px, mostly sideways", () => {
    expect(swipeDirection(-49, 0)).toBeNull();
    expect(swipeDirection(-50, 10)).toBe("next");
    expect(swipeDirection(80, 5)).toBe("previous");
    expect(swipeDirection(60, 90)).toBeNull();
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
  });
});

describe("advert form schema", () => {
  const valid = {
    title: "Велосипед міський",
    categoryId: "3",
    locationId: "1",
    description: "Гарний міський велосипед, 7 передач, нові гальма.",
    priceKind: "amount",
    priceAmount: "450",
    priceCurrency: "EUR",
    contactName: "Оля",
    email: "olia@example.test",
  };
  const form = (values: Record<string, string | string[]>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) for (const v of [value].flat()) data.append(key, v);
    return data;
  };
  const errors = (values: Record<string, string | string[]>, schema = advertFormSchema) => {
    const submission = parseWithZod(form(values), { schema });
    return submission.status === "success" ? {} : (submission.reply().error ?? {});
  };

  it("accepts a complete advert and keeps the photo ids in order", () => {
    const submission = parseWithZod(form({ ...valid, photos: ["7", "3"] }), { schema: advertFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value.photos).toEqual([7, 3]);
      expect(submission.value.categoryId).toBe(3);
    }
  });

  it("explains each problem with a translation key at its field", () => {
    expect(errors({ ...valid, title: "abc" }).title).toEqual(['adverts:errors.title_length|{"min":5,"max":120}']);
    expect(errors({ ...valid, priceAmount: "дорого" }).priceAmount).toEqual(["adverts:errors.price_invalid"]);
    expect(errors({ ...valid, priceAmount: "" }).priceAmount).toEqual(["adverts:errors.price_required"]);
    expect(errors({ ...valid, priceCurrency: "" }).priceCurrency).toEqual(["adverts:errors.currency_required"]);
    expect(errors({ ...valid, email: "", phone: "+48 501 234 567" }).email).toEqual(["adverts:errors.contact_required"]);
    expect(errors({ ...valid, showPhone: "on" }).phone).toEqual(["adverts:errors.phone_required_to_show"]);
  });

  it("free and negotiable need no amount", () => {
    expect(errors({ ...valid, priceKind: "free", priceAmount: "", priceCurrency: "" })).toEqual({});
    expect(errors({ ...valid, priceKind: "negotiable", priceAmount: "", priceCurrency: "" })).toEqual({});
  });

  it("on the server, the category and the city must exist", () => {
    const schema = createAdvertSchema({ categoryIds: new Set([3]), locationIds: new Set([1, 2]) });
    expect(errors({ ...valid, categoryId: "99" }, schema).categoryId).toEqual(["adverts:errors.category_required"]);
    expect(errors({ ...valid, locationId: "" }, schema).locationId).toEqual(["adverts:errors.location_required"]);
    expect(errors(valid, schema)).toEqual({});
  });

  it("reads the photo order sent with JS", () => {
    expect(parsePhotoOrder("s12,n0,bogus,n1,s3")).toEqual([
      { kind: "stored", id: 12 },
      { kind: "new", index: 0 },
      { kind: "new", index: 1 },
      { kind: "stored", id: 3 },
    ]);
  });
});
