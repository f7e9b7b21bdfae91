// The role-by-action table (docs/product.md#roles-and-permissions), and the `my-auth`
// dashboard guard walked over every dashboard route, GET and POST, in both locales, for every kind of visitor.
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { can, PERMISSIONS } from "#app/modules/auth/access.ts";
import { DASHBOARD_SECTIONS, permissionForDashboardPath } from "#app/modules/auth/dashboard-sections.ts";
import { myAuthMiddleware, requirePermission, sessionContext, throwIfAccessDenied } from "#app/modules/auth/guards.server.ts";
import type { CurrentSession } from "#app/modules/auth/session.server.ts";
import { routeMiddleware } from "#app/middleware/route-middleware.server.ts";
import { dashboardNav } from "#app/components/account/dashboard-nav.ts";
import { DASHBOARD_ROUTES, expectedAccess, type Visitor } from "../support/spec-dashboard.ts";

function contextFor(visitor: Visitor): RouterContextProvider {
  const context = new RouterContextProvider();
  const session: CurrentSession | null =
    visitor === "anonymous"
      ? null
      : {
          id: "session",
          expiresAt: new Date(Date.now() + 1000),
          lastSeenAt: new Date(),
          user: { id: 1, email: "x@example.test", name: "X", phone: null, role: visitor, emailVerified: true, preferredLocale: "ua" },
        };
  context.set(sessionContext, session);
  return context;
}

/**
 * Runs the guard and then, as the dashboard layout's loader does, `throwIfAccessDenied`;
 * "allowed" when both let the request through. `reachedLoaders` tells whether the refusal
 * (if any) came after the loaders started, so that the root loader ran.
 */
async function guard(
  visitor: Visitor,
  path: string,
  method: "GET" | "POST",
  dataRequest = false,
): Promise<{ outcome: string; location?: string; reachedLoaders?: boolean }> {
  const url = new URL(path, "http://localhost");
  const requestUrl = dataRequest ? new URL(`${url.pathname}.data${url.search}`, url) : url;
  const request =
    method === "POST" ? new Request(requestUrl, { method: "POST", body: new URLSearchParams({ x: "1" }) }) : new Request(requestUrl);
  const context = contextFor(visitor);
  let reachedLoaders = false;
  try {
    await myAuthMiddleware({ request, url, params: {}, pattern: url.pathname, context }, async () => {
      reachedLoaders = true;
      throwIfAccessDenied(context);
      return new Response("page");
    });
    return { outcome: "allowed" };
  } catch (error) {
    if (error instanceof Response && error.status === 302) return { outcome: "login", location: error.headers.get("Location")! };
    const status = (error as { init?: { status?: number } }).init?.status;
    if (status === 403) return { outcome: "forbidden", reachedLoaders };
    throw error;
  }
}

describe("the access table", () => {
  it("gives admins everything, users nothing on the dashboard, and editors the staff areas", () => {
    for (const permission of Object.keys(PERMISSIONS) as Array<keyof typeof PERMISSIONS>) {
      expect(can("admin", permission)).toBe(true);
      expect(can("user", permission)).toBe(false);
      expect(can(null, permission)).toBe(false);
    }
    const editorAreas = [
      "dashboard.view",
      "news.manage",
      "pages.manage",
      "posters.manage",
      "diaspors.manage",
      "services.manage",
      "advertisements.manage",
      "reports.manage",
      "tags.manage",
      "categories.manage",
    ] as const;
    for (const permission of editorAreas) expect(can("editor", permission), permission).toBe(true);
    for (const permission of ["settings.manage", "locations.manage", "reklama.manage"] as const)
      expect(can("editor", permission), permission).toBe(false);
  });

  it("maps dashboard paths to permissions, category editors included", () => {
    expect(permissionForDashboardPath("/dashboard")).toBe("dashboard.view");
    expect(permissionForDashboardPath("/dashboard/news/edit/3")).toBe("news.manage");
    expect(permissionForDashboardPath("/dashboard/news/categories/edit-page/3")).toBe("categories.manage");
    expect(permissionForDashboardPath("/dashboard/reklama/new-page")).toBe("reklama.manage");
    expect(permissionForDashboardPath("/dashboard/settings")).toBe("settings.manage");
    expect(permissionForDashboardPath("/dashboard/no-such-section")).toBe("dashboard.view");
  });

  it("offers each role exactly the sections it may use", () => {
    const segments = (role: "user" | "editor" | "admin") => dashboardNav(role).map((link) => link.to);
    expect(segments("user")).toEqual([]);
    const withCategories = DASHBOARD_SECTIONS.filter((section) => "categories" in section).length;
    expect(withCategories).toBeGreaterThanOrEqual(3);
    expect(segments("admin")).toHaveLength(1 + DASHBOARD_SECTIONS.length + withCategories);
    expect(segments("editor")).not.toContain("/dashboard/settings");
    expect(segments("editor")).not.toContain("/dashboard/reklama");
    expect(segments("editor")).toContain("/dashboard/news/categories");
  });

  it("refuses an unknown route middleware by name", () => {
    expect(routeMiddleware("my-auth")).toBe(myAuthMiddleware);
    expect(() => routeMiddleware("my-auht")).toThrow("Unknown route middleware");
  });
});

describe("the my-auth guard on every dashboard route", () => {
  const visitors: Visitor[] = ["anonymous", "user", "editor", "admin"];
  for (const route of DASHBOARD_ROUTES) {
    for (const prefix of ["", "/us"]) {
      const path = `${prefix}${route.path}`;
      it(`${path}: exactly the role table for GET and POST`, async () => {
        for (const visitor of visitors) {
          for (const method of ["GET", "POST"] as const) {
            const { outcome, location } = await guard(visitor, path, method);
            expect(`${visitor} ${method} ${outcome}`).toBe(`${visitor} ${method} ${expectedAccess(visitor, route)}`);
            if (outcome === "login") expect(location).toBe(`${prefix}/login?redirect=${encodeURIComponent(path)}`);
          }
        }
      });
    }
  }

  it("lets a refused page view reach the loaders (the 403 page keeps the full shell), but not a write or a data request", async () => {
    expect(await guard("user", "/dashboard", "GET")).toEqual({ outcome: "forbidden", reachedLoaders: true });
    expect(await guard("editor", "/us/dashboard/settings", "GET")).toEqual({ outcome: "forbidden", reachedLoaders: true });
    expect(await guard("user", "/dashboard", "POST")).toEqual({ outcome: "forbidden", reachedLoaders: false });
    expect(await guard("user", "/dashboard/news", "GET", true)).toEqual({ outcome: "forbidden", reachedLoaders: false });
  });

  it("keeps the query string in the redirect", async () => {
    const { location } = await guard("anonymous", "/us/dashboard/news?page=2&q=a b", "GET");
    expect(location).toBe(`/us/login?redirect=${encodeURIComponent("/us/dashboard/news?page=2&q=a%20b")}`);
  });

  it("is what page loaders and actions call too", () => {
    const args = { context: contextFor("editor"), url: new URL("http://localhost/dashboard/settings") };
    expect(() => requirePermission(args, "settings.manage")).toThrow();
    expect(requirePermission(args, "news.manage").role).toBe("editor");
  });
});
