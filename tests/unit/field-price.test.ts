import { describe, expect, it } from "vitest";
import { fieldPriceColumns, fieldPriceText, hasFieldPrice, isPriceField, priceFieldNumbers } from "#app/modules/adverts/field-price.ts";

const unit = { unit_uk: "на місяць", unit_en: "per month" };

describe("price fields", () => {
  it("are number fields keyed as a price, rent or salary", () => {
    expect(isPriceField({ key: "rent", kind: "number" })).toBe(true);
    expect(isPriceField({ key: "salary_to", kind: "number" })).toBe(true);
    expect(isPriceField({ key: "rent", kind: "text" })).toBe(false);
    expect(isPriceField({ key: "rooms", kind: "number" })).toBe(false);
    expect(hasFieldPrice([{ key: "year", kind: "number" }])).toBe(false);
  });

  it("show one price in the advert's currency, a range once, with the field's period", () => {
    expect(fieldPriceText([{ value: "2300.00", ...unit }], "PLN", "uk")).toMatch(/^2\s300\szł на місяць$/);
    expect(
      fieldPriceText(
        [
          { value: "5200", ...unit },
          { value: "6000", ...unit },
        ],
        "PLN",
        "uk",
      ),
    ).toMatch(/^5\s200–6\s000\szł на місяць$/);
    expect(fieldPriceText([{ value: "1150", ...unit }], "EUR", "en")).toBe("€1,150 per month");
    expect(fieldPriceText([{ value: "32", unit_uk: null, unit_en: null }], "PLN", "uk")).toMatch(/^32\szł$/);
    expect(fieldPriceText([], "PLN", "uk")).toBeNull();
    expect(fieldPriceText([{ value: "32", ...unit }], null, "uk")).toBeNull();
  });

  it("give the advert's price columns: a range's lower end, or negotiable without a value", () => {
    expect(fieldPriceColumns(["5200", "6000"], "PLN")).toEqual({ price_kind: "amount", price_amount: "5200.00", price_currency: "PLN" });
    expect(fieldPriceColumns([], "PLN")).toEqual({ price_kind: "negotiable", price_amount: null, price_currency: null });
    const fields = [
      { id: 1, key: "salary_from", kind: "number" as const },
      { id: 2, key: "employment", kind: "select" as const },
      { id: 3, key: "salary_to", kind: "number" as const },
    ];
    const values = new Map([
      [1, null],
      [2, { kind: "select" as const, value: "full_time" }],
      [3, { kind: "number" as const, value: "6000" }],
    ]);
    expect(priceFieldNumbers(fields, values)).toEqual(["6000"]);
  });
});
