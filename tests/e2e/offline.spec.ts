// Offline reading and installing, in Chromium with the portal's service worker (the rest of
// the suite blocks service workers: playwright.config.ts). A page read online opens offline;
// a page never read shows the offline page in the address's language; nothing of a signed-in
// visitor is served from the cache after signing out; a new build's worker drops the caches
// of other builds. The manifests and their icons are fetched as a browser installing the site would.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { controlled, offline } from "./support/offline.ts";
import { seededCardLinks } from "./support/content.ts";

test.use({ serviceWorkers: "allow" });

/** Every address the portal's caches hold, by cache name. */
function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys())
      out[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return out;
  });
}

/** Waits until a page is kept for offline reading. */
async function kept(page: Page, path: string) {
  await expect
    .poll(async () => Object.entries(await cachedAddresses(page)).some(([name, paths]) => name.endsWith("-pages") && paths.includes(path)))
    .toBe(true);
}

test("a news item read online opens offline; a page never read shows the offline page in its language @js-only", async ({
  page,
  context,
}) => {
  await page.goto("/novyny");
  await controlled(page);
  const cards = seededCardLinks(page);
  const readHref = (await cards.nth(0).getAttribute("href"))!;
  const unreadHref = (await cards.nth(1).getAttribute("href"))!;
  // Read by a client-side navigation: the worker keeps the item's page, not just its data.
  const listTitle = (await page.locator("main h1").first().textContent())!;
  await cards.nth(0).click();
  await expect(page).toHaveURL((url) => url.pathname === readHref);
  await expect(page.locator("main h1").first()).not.toHaveText(listTitle);
  const title = (await page.locator("main h1").first().textContent())!;
  await kept(page, readHref);
  await kept(page, "/novyny");

  await offline(context, async () => {
    await page.goto(readHref);
    await expect(page.locator("main h1").first()).toHaveText(title);
    // Styled from the cached assets, not bare markup.
    await expect(page.locator(".site-header")).toHaveCSS("border-bottom-style", "solid");

    // A page never read, opened from a page read: React Router's data request fails over to a document load.
    await page.goto("/novyny");
    await page.locator(`main a[href="${unreadHref}"]`).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Немає з'єднання" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(unreadHref);
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");

    await page.goto("/us/poster/never-read-anywhere");
    await expect(page.getByRole("heading", { level: 1, name: "No connection" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/us");
  });
});

test("a signed-in visitor's pages are never kept, and signing out forgets the pages read @js-only", async ({ page, context, login }) => {
  await page.goto("/novyny");
  await controlled(page);
  const itemHref = (await seededCardLinks(page).first().getAttribute("href"))!;
  await page.goto(itemHref);
  await kept(page, itemHref);

  await login("user");
  await page.goto("/cabinet");
  const otherHref = (await (async () => {
    await page.goto("/poster");
    return seededCardLinks(page).first().getAttribute("href");
  })())!;
  await page.goto(otherHref);
  await page.goto("/cabinet");
  await expect(page.locator(".account-menu__signout")).toBeVisible();

  // Nothing shown to the signed-in visitor went into a cache (their pages are private).
  const whileSignedIn = Object.values(await cachedAddresses(page)).flat();
  expect(whileSignedIn).not.toContain("/cabinet");
  expect(whileSignedIn).not.toContain(otherHref);
  expect(whileSignedIn.filter((path) => /^\/(?:us\/)?(?:cabinet|dashboard|login)\b/.test(path))).toEqual([]);

  await page.locator(".account-menu__signout button").click();
  await expect(page.locator(".account-menu__signout")).toHaveCount(0);
  await expect
    .poll(async () =>
      Object.entries(await cachedAddresses(page))
        .filter(([name]) => name.endsWith("-pages"))
        .flatMap(([, paths]) => paths),
    )
    .toEqual([]);

  await offline(context, async () => {
    for (const path of ["/cabinet", otherHref, itemHref]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Немає з'єднання" })).toBeVisible();
      await expect(page.locator(".account-menu__signout")).toHaveCount(0);
    }
  });
});

test("the worker is this build's, served uncached, and its activation drops other builds' caches @js-only", async ({ page, request }) => {
  await page.goto("/");
  await controlled(page);
  const build = await page.evaluate(() => (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version);
  expect(build).toBeTruthy();

  const script = await request.get("/sw.js");
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(script.headers()["cache-control"]).toBe("no-cache");
  expect(await script.text()).toContain(JSON.stringify({ version: build }));

  await expect.poll(async () => Object.keys(await cachedAddresses(page)).sort()).toContain(`portal-${build}-static`);
  expect((await cachedAddresses(page))[`portal-${build}-static`]).toEqual(expect.arrayContaining(["/offline.html", "/us/offline.html"]));

  // Caches an earlier build left behind go when a worker activates; caches of other origins' code stay.
  await page.evaluate(async () => {
    await (await caches.open("portal-earlier-build-pages")).put("/novyny/old", new Response("old"));
    await caches.open("someone-else");
  });
  // Another script address makes the browser install the worker again, as a new build's would be.
  // The wait is on the worker's own state: an install whose offline-page download failed (a busy
  // server) ends "redundant" and never activates, so that case is named rather than timed out.
  const reinstall = (address: string) =>
    page.evaluate(async (scriptAddress) => {
      const registration = await navigator.serviceWorker.register(scriptAddress);
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      if (!worker) return "none";
      if (worker.state === "activated" || worker.state === "redundant") return worker.state;
      return new Promise<string>((resolve) =>
        worker.addEventListener("statechange", () => {
          if (worker.state === "activated" || worker.state === "redundant") resolve(worker.state);
        }),
      );
    }, address);
  // An install downloads the offline pages from a server the rest of the suite keeps busy.
  test.setTimeout(60_000);
  let outcome = await reinstall("/sw.js?reinstalled");
  if (outcome === "redundant") outcome = await reinstall("/sw.js?reinstalled-again");
  expect(outcome).toBe("activated");
  expect(Object.keys(await cachedAddresses(page))).not.toContain("portal-earlier-build-pages");
  expect(Object.keys(await cachedAddresses(page))).toEqual(expect.arrayContaining([`portal-${build}-static`, "someone-else"]));
});

test("each language links its own web app manifest, whose icons and shortcuts exist @js-only", async ({ page, request }) => {
  for (const [prefix, language] of [
    ["", "uk"],
    ["/us", "en"],
  ] as const) {
    await page.goto(prefix || "/");
    const href = (await page.locator('link[rel="manifest"]').getAttribute("href"))!;
    expect(href).toBe(`${prefix}/site.webmanifest`);
    const response = await request.get(href);
    expect(response.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = (await response.json()) as {
      id: string;
      scope: string;
      start_url: string;
      lang: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
      shortcuts: Array<{ url: string }>;
    };
    expect(manifest.id).toBe(prefix || "/");
    expect(manifest.scope).toBe("/");
    expect(manifest.start_url).toBe(prefix || "/");
    expect(manifest.lang.startsWith(language)).toBe(true);
    expect(manifest.icons.filter((icon) => icon.purpose === "maskable").map((icon) => icon.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    for (const shortcut of manifest.shortcuts) expect((await request.get(shortcut.url)).ok(), shortcut.url).toBe(true);
  }
});
