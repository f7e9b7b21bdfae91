import { describe, expect, it } from "vitest";
import { localeFromPath, localizePath, stripLocale, switchLocalePath } from "#app/i18n/locales.ts";
import { preferredLocale } from "#app/middleware/locale-redirect.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";

describe("locale paths", () => {
  it("reads the locale from the prefix only", () => {
    for (const path of ["/us", "/us.data", "/us/novyny"]) expect(localeFromPath(path), path).toBe("us");
    for (const path of ["/", "/usx", "/novyny/us"]) expect(localeFromPath(path), path).toBe("ua");
  });

  it("switches a page between locales keeping the path", () => {
    expect(switchLocalePath("/privacy-policy", "us")).toBe("/us/privacy-policy");
    expect(switchLocalePath("/us/privacy-policy", "ua")).toBe("/privacy-policy");
    expect(switchLocalePath("/us", "ua")).toBe("/");
    expect(switchLocalePath("/", "us")).toBe("/us");
    expect(stripLocale("/us/us")).toBe("/us");
    expect(localizePath("/", "ua")).toBe("/");
  });
});

describe("Accept-Language", () => {
  it("picks the better-ranked of uk and en, ignoring others", () => {
    expect(preferredLocale("en-US,en;q=0.9")).toBe("us");
    for (const header of ["uk-UA,uk;q=0.9,en;q=0.8", "de-DE,en;q=0.5,uk;q=0.7"]) expect(preferredLocale(header), header).toBe("ua");
    for (const header of ["de-DE,fr;q=0.5", null, "en;q=0"]) expect(preferredLocale(header), String(header)).toBeNull();
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site relative paths with their query", () => {
    expect(safeRedirectPath("/cabinet?tab=2")).toBe("/cabinet?tab=2");
    expect(safeRedirectPath("/us/cabinet")).toBe("/us/cabinet");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", "cabinet", "/\u0000x", null])(
    "refuses %j",
    (target) => {
      expect(safeRedirectPath(target)).toBe("/");
    },
  );
});
