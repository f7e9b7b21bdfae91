// Valid HTML on every kind of page: the Nu HTML checker (vnu-jar, on the Java runtime
// scripts/ensure-e2e-tools.ts installs) reads the documents the server sends to a visitor, a
// user and an admin, the dashboard's lists and forms included, and must report no error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { accounts, baseURL } from "./support/env.ts";

const vnuJar = path.resolve(import.meta.dirname, "../../node_modules/vnu-jar/build/dist/vnu.jar");

type Role = "visitor" | "user" | "admin";

async function client(role: Role): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await context.get("/"); // the cookies a first visit sets
  if (role !== "visitor") {
    const { email, password } = accounts[role];
    const response = await context.post("/login", { form: { intent: "signin", email, password }, maxRedirects: 0 });
    expect(response.status(), `sign in as ${role}`).toBe(302);
  }
  return context;
}

/** Same-site links of a page below `prefix`, without query or fragment, in page order. */
function linksBelow(html: string, prefix: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/href="([^"#?]+)"/g)) {
    const href = match[1]!;
    if (href.startsWith(prefix) && !/\.(xml|ics|css|js|png|svg|webp|ico)$/.test(href)) found.add(href);
  }
  return [...found];
}

/** The first link on `list` below `prefix` that is not one of `exclude`. */
async function firstLink(api: APIRequestContext, list: string, prefix: string, exclude: string[] = []): Promise<string | undefined> {
  const html = await (await api.get(list)).text();
  return linksBelow(html, prefix).find((href) => href !== list && !exclude.includes(href) && !href.includes("/category/"));
}

async function pagesFor(role: Role, api: APIRequestContext): Promise<string[]> {
  if (role === "visitor") {
    const sections = ["/novyny", "/poster", "/advertisement", "/services", "/diaspors"];
    const items = await Promise.all(sections.map((section) => firstLink(api, section, `${section}/`)));
    return [
      "/",
      "/us",
      ...sections,
      "/us/novyny",
      // Near a place, and a map view (its places as a list until the map loads).
      "/advertisement?near=krakiv&radius=50&sort=nearest",
      "/poster?view=map&near=varshava&radius=20",
      "/us/services?view=map",
      ...items.filter((item): item is string => Boolean(item)),
      "/search/all?q=київ",
      "/login",
      "/nashi-kontakty",
      "/privacy-policy",
      "/report",
      "/no-such-page-anywhere",
    ];
  }
  if (role === "user") {
    const cabinet = linksBelow(await (await api.get("/cabinet")).text(), "/cabinet");
    return ["/cabinet", ...cabinet, "/dodaty-ogoloshennya", "/delete-account", "/dashboard"];
  }
  const dashboard = linksBelow(await (await api.get("/dashboard")).text(), "/dashboard");
  // Each content list's first edit form and its categories page, beside every section itself.
  const forms = await Promise.all(dashboard.map((section) => firstLink(api, section, `${section}/edit`, dashboard).catch(() => undefined)));
  return [...dashboard, ...forms.filter((form): form is string => Boolean(form))];
}

type VnuMessage = { type: string; url: string; message: string; extract?: string; lastLine?: number };

test("every kind of page is valid HTML for a visitor, a user and an admin @js-only", async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-html-"));
  const files = new Map<string, string>();
  try {
    for (const role of ["visitor", "user", "admin"] as const) {
      const api = await client(role);
      try {
        for (const url of new Set(await pagesFor(role, api))) {
          const response = await api.get(url);
          if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
          const file = path.join(dir, `${files.size}.html`);
          writeFileSync(file, await response.body());
          files.set(`file:${file}`, `${role} ${url} (${response.status()})`);
        }
      } finally {
        await api.dispose();
      }
    }
    expect(files.size, "pages checked").toBeGreaterThan(30);
    expect(
      [...files.values()].some((page) => page.startsWith("admin /dashboard/") && page.includes("/edit")),
      "a dashboard form is among them",
    ).toBe(true);

    const run = spawnSync(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", "--stdout", ...[...files.keys()].map((url) => url.slice(5))],
      {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(run.error, "java runs (scripts/ensure-e2e-tools.ts installs it)").toBeUndefined();
    const messages = (JSON.parse(run.stdout || "{}") as { messages?: VnuMessage[] }).messages ?? [];
    const errors = messages
      .filter((message) => message.type === "error")
      .map(
        (message) =>
          `${files.get(message.url) ?? message.url} line ${message.lastLine}: ${message.message} ${message.extract?.replace(/\s+/g, " ").slice(0, 120) ?? ""}`,
      );
    expect(errors, `Nu checker errors on ${files.size} pages`).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
