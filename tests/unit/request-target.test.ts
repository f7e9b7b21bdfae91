// Request targets as server/app-server.ts takes them: the absolute form reduced to its path, and
// paths whose percent-encoding does not decode redirected to a form that does.
import { describe, expect, it } from "vitest";
import { originForm, repairedPath } from "../../server/request-target.ts";

describe("originForm", () => {
  it.each([
    ["/novyny?page=2", "/novyny?page=2"],
    ["//evil.example/x", "//evil.example/x"],
    ["http://evil.example/novyny?page=2", "/novyny?page=2"],
    ["HTTPS://evil.example", "/"],
    ["http://evil.example/%E0", "/%E0"],
  ])("%s is %s", (target, expected) => {
    expect(originForm(target)).toBe(expected);
  });

  it.each(["*", "", "evil.example:443", "javascript:alert(1)", "http://[::1/x"])("%j is refused", (target) => {
    expect(originForm(target)).toBeNull();
  });
});

describe("repairedPath", () => {
  it.each([
    ["/novyny/%E0%A4%A", "/novyny/%25E0%25A4%25A"],
    ["/%", "/%25"],
    ["/us/%zz/x?page=%E0", "/us/%25zz/x?page=%E0"],
    // Only the segment that fails is rewritten; a good escape elsewhere stays as it was.
    ["/%D0%BD%D0%BE/%D0", "/%D0%BD%D0%BE/%25D0"],
    // Always a path on this site: never one a browser reads as another host.
    ["//evil.example/%E0", "/evil.example/%25E0"],
    ["/\\evil.example/%E0", "/evil.example/%25E0"],
    ["/a\\b/%E0", "/a%5Cb/%25E0"],
  ])("%s becomes %s, which decodes", (url, expected) => {
    expect(repairedPath(url)).toBe(expected);
    expect(() => decodeURIComponent(expected.split("?")[0]!)).not.toThrow();
    expect(repairedPath(expected)).toBeNull();
  });

  it.each(["http://evil.example/%E0", "*", "/", "/novyny?page=2", "/novyny/%D0%BD%D0%BE", "/a%20b", "/x?q=%E0"])(
    "leaves %s alone",
    (url) => {
      expect(repairedPath(url)).toBeNull();
    },
  );
});
