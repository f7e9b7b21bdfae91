import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatPrice, numberFormat } from "#app/platform/format/intl.ts";
import { formatDate } from "#app/platform/format/dates.ts";
import { fromLocalInput, toLocalInput } from "#app/modules/staff-content/datetime.ts";

// One place formats through Intl: prices with the currency per the locale's rules,
// formatters made once per language and options.

const NBSP = /[\u00a0\u202f]/g;
const plain = (text: string) => text.replace(NBSP, " ");

describe("prices", () => {
  it("write the currency the way each locale does", () => {
    expect(plain(formatPrice(150, "UAH", "uk"))).toBe("150 ₴");
    expect(plain(formatPrice(3200, "GBP", "uk"))).toBe("3 200 £");
    expect(plain(formatPrice("2800.00", "PLN", "uk"))).toBe("2 800 zł");
    expect(formatPrice(30, "EUR", "en")).toBe("€30");
    expect(formatPrice(3200, "GBP", "en")).toBe("£3,200");
    expect(formatPrice("1250.5", "EUR", "en")).toBe("€1,250.50");
    // The narrow "$" would pass for US dollars.
    expect(formatPrice(40, "CAD", "en")).toBe("CA$40");
  });

  it("reuse one formatter per language and options", () => {
    expect(numberFormat("uk", "test:percent", { style: "percent" })).toBe(numberFormat("uk", "test:percent", { style: "percent" }));
    expect(dateTimeFormat("en", "test:weekday", { weekday: "long" })).toBe(dateTimeFormat("en", "test:weekday", { weekday: "long" }));
    expect(numberFormat("uk", "test:percent", { style: "percent" })).not.toBe(numberFormat("en", "test:percent", { style: "percent" }));
  });
});

describe("dates", () => {
  it("follow the page's locale in the site's zone", () => {
    const date = new Date("2026-12-05T18:00:00Z");
    expect(formatDate(date, "uk")).toBe("05.12.26");
    expect(formatDate(date, "en")).toBe("12/05/26");
  });

  it("show dashboard date-time fields in the page's format and read them back", () => {
    const moment = new Date("2026-07-15T16:30:00Z"); // 18:30 in Warsaw
    expect(toLocalInput(moment, "uk")).toBe("15.07.2026 18:30");
    expect(toLocalInput(moment, "en")).toBe("07/15/2026 6:30 PM");
    expect(fromLocalInput("15.07.2026 18:30")?.toISOString()).toBe(moment.toISOString());
    expect(fromLocalInput("07/15/2026 6:30 PM")?.toISOString()).toBe(moment.toISOString());
    expect(fromLocalInput("07/15/2026 18:30")?.toISOString()).toBe(moment.toISOString());
    expect(fromLocalInput("7/15/2026 12:05 am")?.toISOString()).toBe("2026-07-14T22:05:00.000Z");
    expect(fromLocalInput("2026-07-15T18:30")?.toISOString()).toBe(moment.toISOString());
    expect(fromLocalInput("31.02.2026 10:00")).toBeNull();
    expect(fromLocalInput("07/15/2026 13:00 PM")).toBeNull();
    expect(fromLocalInput("15.07.2026")).toBeNull();
  });
});
