import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { REFUSED_TARGETS } from "../support/redirect-payloads.ts";

describe("safeRedirectPath", () => {
  it.each(REFUSED_TARGETS.map((target) => [target]))("refuses %j", (target) => {
    expect(safeRedirectPath(target, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/", "/"],
    ["/cabinet?tab=2", "/cabinet?tab=2"],
    ["/us/cabinet", "/us/cabinet"],
    ["/novyny/abc#comments", "/novyny/abc#comments"],
    ["/search?q=a%2Fb", "/search?q=a%2Fb"],
    ["/search?q=//evil.example", "/search?q=//evil.example"],
    ["/cabinet/../novyny", "/novyny"],
    ["/./cabinet", "/cabinet"],
    ["/%2e%2e/cabinet", "/cabinet"],
    ["/новини", "/%D0%BD%D0%BE%D0%B2%D0%B8%D0%BD%D0%B8"],
  ])("keeps the same-site path %j as %j", (target, expected) => {
    expect(safeRedirectPath(target, "/fallback")).toBe(expected);
  });

  it("returns a normalized path that is accepted unchanged again", () => {
    for (const target of ["/a/./b/../c?x=1#y", "/us/login?redirect=%2Fcabinet"]) {
      const once = safeRedirectPath(target);
      expect(safeRedirectPath(once, "/fallback")).toBe(once);
    }
  });

  it("counts the refused payloads", () => {
    expect(REFUSED_TARGETS.length).toBeGreaterThanOrEqual(40);
  });
});
