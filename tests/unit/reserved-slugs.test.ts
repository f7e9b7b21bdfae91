import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { RESERVED_PAGE_SLUGS } from "#app/modules/staff-content/slug.server.ts";

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** The first static segment of every path the app answers (under the optional `us?`). */
function firstSegments(entries: RouteEntry[], acc = new Set<string>()): Set<string> {
  for (const entry of entries) {
    const segments = (entry.path ?? "").split("/").filter(Boolean);
    const first = segments[0] === "us?" ? segments[1] : segments[0];
    if (segments[0] === "us?" && !first) firstSegments(entry.children ?? [], acc);
    else if (first && !first.startsWith(":") && first !== "*") acc.add(first.replace(/\.(xml|txt|json|js)$/, ""));
    else if (!entry.path) firstSegments(entry.children ?? [], acc);
  }
  return acc;
}

describe("page slugs", () => {
  it("are refused for every first path segment a route owns, so no page can hide a route", () => {
    // These two routes show the staff page of the same slug, so the slug stays usable.
    const pageBacked = new Set(["privacy-policy", "nashi-kontakty"]);
    const owned = [...firstSegments(routes as RouteEntry[])].filter((segment) => !pageBacked.has(segment));
    expect(owned.length).toBeGreaterThan(10);
    expect(owned.filter((segment) => !RESERVED_PAGE_SLUGS.has(segment))).toEqual([]);
  });
});
