// The role table over HTTP (docs/product.md#roles-and-permissions): every dashboard route, GET and POST, in both locales, as an
// anonymous visitor, a user, an editor and an admin, against the production server.
import type { APIRequestContext } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { accounts, baseURL } from "./support/env.ts";
import { DASHBOARD_ROUTES, expectedAccess, type Visitor } from "../support/spec-dashboard.ts";

test.describe.configure({ mode: "serial" });

async function signedIn(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, visitor: Visitor) {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (visitor !== "anonymous") {
    const { email, password } = accounts[visitor];
    const response = await request.post("/login", { form: { intent: "signin", email, password }, maxRedirects: 0 });
    expect(response.status(), `sign in as ${visitor}`).toBe(302);
  }
  return request;
}

test("the dashboard answers every visitor exactly as the role table says @js-only", async ({ playwright }) => {
  test.setTimeout(240_000);
  for (const visitor of ["anonymous", "user", "editor", "admin"] as const) {
    const request = await signedIn(playwright, visitor);
    try {
      for (const route of DASHBOARD_ROUTES) {
        for (const prefix of ["", "/us"]) {
          const target = `${prefix}${route.path}`;
          const expected = expectedAccess(visitor, route);
          for (const method of ["GET", "POST"] as const) {
            const response =
              method === "GET"
                ? await request.get(target, { maxRedirects: 0 })
                : await request.post(target, { form: { probe: "1" }, maxRedirects: 0 });
            const status = response.status();
            const what = `${visitor} ${method} ${target} → ${status}`;
            if (expected === "login") {
              expect(status, what).toBe(302);
              expect(response.headers()["location"], what).toBe(`${prefix}/login?redirect=${encodeURIComponent(target)}`);
            } else if (expected === "forbidden") {
              expect(status, what).toBe(403);
            } else {
              expect([302, 403], what).not.toContain(status);
              expect(status, what).toBeLessThan(500);
            }
          }
        }
      }
    } finally {
      await request.dispose();
    }
  }
});
