// Consent, the visitor log and heartbeat, new-build detection, toasts, prefetch and the
// dashboard's visitor charts (docs/product.md#the-shell), with JavaScript on and off.
import type { Page, Request } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

const ALL_IDS = "session~locale~theme~consent~analytics";
const NECESSARY_IDS = "session~locale~theme~consent";
const HEARTBEAT_MS = 60_000;
const BUILD_CHECK_MS = 5 * 60_000;

async function cookieValues(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries((await page.context().cookies()).map((cookie) => [cookie.name, cookie.value]));
}

const banner = (page: Page) => page.getByRole("complementary", { name: "Файли cookie" });

/** A stopped clock: timers fire only when the test moves time on. */
async function stopClock(page: Page) {
  const start = new Date("2031-05-04T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

// The accessibility check after each test needs running timers.
test.afterEach(async ({ page }) => {
  await page.clock.resume().catch(() => {});
});

/** Opens a page and waits for its app to load (its one visitors/log call). */
async function openApp(page: Page, path: string) {
  const logged = page.waitForRequest("**/api/visitors/log");
  await page.goto(path);
  return logged;
}

test.describe("cookie consent", () => {
  test("no optional cookie before consent; accept all stores the documented format and the banner goes", async ({
    page,
    javaScriptEnabled,
  }) => {
    const logged = javaScriptEnabled ? page.waitForResponse("**/api/visitors/log") : null;
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    if (logged) expect((await logged).status()).toBe(204);
    await page.goto("/novyny");
    let cookies = await cookieValues(page);
    expect(cookies).not.toHaveProperty("visitor_id");
    expect(cookies).not.toHaveProperty("cookie_consent");

    await banner(page).getByRole("button", { name: "Прийняти всі" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/novyny$/);
    await expect(page.getByText("Ваші налаштування cookie збережено.")).toBeVisible();
    cookies = await cookieValues(page);
    expect(cookies.cookie_consent).toBe(ALL_IDS);
    expect(cookies.cookie_consent_enabled).toBe(ALL_IDS);
    expect(cookies.visitor_id).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto("/us/poster");
    await expect(page.getByRole("complementary", { name: "Cookies" })).toHaveCount(0);
  });

  test("a footer link that takes keyboard focus is scrolled clear of the banner, on a phone and a wide screen", async ({ page }) => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of ["/nashi-kontakty", "/novyny"]) {
        await page.goto(path);
        await expect(banner(page)).toBeVisible();
        const targets = page.locator("footer a");
        const count = await targets.count();
        expect(count).toBeGreaterThan(3);
        await targets.first().focus();
        for (let index = 0; index < count; index++) {
          if (index) await page.keyboard.press("Tab");
          await expect(targets.nth(index)).toBeFocused();
          // What is drawn at the middle of the focused link: the link itself, not the banner.
          const covered = await targets.nth(index).evaluate((link) => {
            const box = link.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            return hit && !link.contains(hit) ? `${link.textContent} under ${hit.className || hit.tagName}` : null;
          });
          expect(covered, `${viewport.width} px ${path}`).toBeNull();
        }
      }
    }
  });

  test("decline keeps necessary cookies only", async ({ page }) => {
    await page.goto("/us/novyny");
    const bar = page.getByRole("complementary", { name: "Cookies" });
    await bar.getByRole("button", { name: "Decline" }).click();
    await expect(bar).toHaveCount(0);
    const cookies = await cookieValues(page);
    expect(cookies.cookie_consent).toBe(ALL_IDS);
    expect(cookies.cookie_consent_enabled).toBe(NECESSARY_IDS);
    expect(cookies).not.toHaveProperty("visitor_id");
  });

  test("manage opens the toggles; save accepts the chosen ones, and the settings can change later", async ({ page }) => {
    await page.goto("/poster");
    await banner(page).getByRole("button", { name: "Налаштувати cookie" }).click();
    const dialog = page.getByRole("dialog", { name: "Налаштування cookie" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("switch", { name: /Сесія/ })).toBeChecked();
    await expect(dialog.getByRole("switch", { name: /Сесія/ })).toBeDisabled();
    const analytics = dialog.getByRole("switch", { name: /Аналітика/ });
    await expect(analytics).not.toBeChecked();
    await analytics.check();
    await dialog.getByRole("button", { name: "Зберегти" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/poster$/);
    let cookies = await cookieValues(page);
    expect(cookies.cookie_consent).toBe(ALL_IDS);
    expect(cookies.cookie_consent_enabled).toBe(ALL_IDS);
    expect(cookies).toHaveProperty("visitor_id");

    // Later: the settings from a link, analytics switched off again.
    await page.goto("/poster?consent=manage");
    const again = page.getByRole("dialog", { name: "Налаштування cookie" });
    await expect(again.getByRole("switch", { name: /Аналітика/ })).toBeChecked();
    await again.getByRole("switch", { name: /Аналітика/ }).uncheck();
    await again.getByRole("button", { name: "Зберегти" }).click();
    await expect(page).toHaveURL(/\/poster$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    cookies = await cookieValues(page);
    expect(cookies.cookie_consent_enabled).toBe(NECESSARY_IDS);
    expect(cookies).not.toHaveProperty("visitor_id");
  });
});

test.describe("visitor log and heartbeat", () => {
  test("one visitors/log per app load, heartbeats 60 s apart, none from a shell that is gone @js-only", async ({ page }) => {
    // Record each beacon the moment the page sends it (the call is synchronous in the timer).
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { __beacons: string[] }).__beacons = calls;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (url.includes("/api/visitors/log") || url.includes("/api/heartbeat")) calls.push(new URL(url, location.href).pathname);
        return original(input, init);
      };
    });
    const beacons = () => page.evaluate(() => (window as unknown as { __beacons: string[] }).__beacons.slice());
    const count = async (path: string) => (await beacons()).filter((p) => p === path).length;

    await stopClock(page);
    const log = await openApp(page, "/");
    expect(log.method()).toBe("POST");
    expect(log.postDataJSON()).toEqual({ path: "/", referrer: "" });
    await expect.poll(() => beacons()).toEqual(["/api/visitors/log"]);

    const firstBeat = page.waitForRequest("**/api/heartbeat");
    await page.clock.runFor(HEARTBEAT_MS);
    expect((await firstBeat).postDataJSON()).toEqual({ path: "/" });
    expect(await count("/api/heartbeat")).toBe(1);
    await page.clock.runFor(HEARTBEAT_MS - 1);
    expect(await count("/api/heartbeat")).toBe(1);
    await page.clock.runFor(1);
    expect(await count("/api/heartbeat")).toBe(2);

    // Half a minute later, a client navigation into another layout: the shell unmounts and
    // mounts again. Its old timer must stop; the app is still the same load (no new log).
    await page.clock.runFor(HEARTBEAT_MS / 2);
    await page
      .getByRole("navigation", { name: /обліков/i })
      .getByRole("link", { name: "Увійти" })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("form#signin")).toBeVisible();
    await page.clock.runFor(HEARTBEAT_MS / 2);
    expect(await count("/api/heartbeat")).toBe(2);
    await page.clock.runFor(HEARTBEAT_MS / 2);
    expect(await count("/api/heartbeat")).toBe(3);
    expect(await count("/api/visitors/log")).toBe(1);

    // The shell gone (a document without it): nothing more is sent.
    const sent: Request[] = [];
    page.on("request", (request) => {
      if (/\/api\/(heartbeat|visitors\/log)/.test(request.url())) sent.push(request);
    });
    await page.goto("/robots.txt");
    await page.clock.runFor(3 * HEARTBEAT_MS);
    // The next app load logs itself, and nothing came in between.
    await openApp(page, "/nashi-kontakty");
    expect(sent.map((request) => new URL(request.url()).pathname)).toEqual(["/api/visitors/log"]);
    expect(await beacons()).toEqual(["/api/visitors/log"]);
  });
});

test.describe("new build detection", () => {
  test("the server reports the build its pages were rendered with, never cached", async ({ page, request }) => {
    const response = await request.get(`/builds/latest.json?${Date.now()}`);
    expect(response.headers()["cache-control"]).toMatch(/no-cache/);
    const { id } = (await response.json()) as { id: string };
    await page.goto("/");
    expect(await page.content()).toContain(`/assets/manifest-${id}.js`);
  });

  test("after a new deployment the next navigation is a full page load @js-only", async ({ page }) => {
    await stopClock(page);
    await openApp(page, "/");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    // No new build: navigations stay in the page.
    await page.getByRole("navigation", { name: "Розділи" }).getByRole("link", { name: "Афіша" }).click();
    await expect(page).toHaveURL(/\/poster$/);
    expect(await sameDocument()).toBe(true);

    // A deployment: the server now names another build.
    await page.route("**/builds/latest.json*", (route) =>
      route.fulfill({ json: { id: "next-deployment" }, headers: { "Cache-Control": "no-cache" } }),
    );
    const polled = page.waitForRequest("**/builds/latest.json*");
    await page.clock.runFor(BUILD_CHECK_MS);
    expect(new URL((await polled).url()).search).toMatch(/^\?\d+$/);
    await expect(page.locator("html")).toHaveAttribute("data-build-status", "outdated");

    const documentLoad = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === "/novyny");
    await page.getByRole("navigation", { name: "Розділи" }).getByRole("link", { name: "Новини" }).click();
    await documentLoad;
    await expect(page).toHaveURL(/\/novyny$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sameDocument()).toBe(false);
  });

  test("a route chunk that fails to load makes the target path load in full @js-only", async ({ page }) => {
    await stopClock(page);
    await openApp(page, "/novyny");
    // React Router learns the header links' routes (and their chunks) shortly after load.
    await page.clock.runFor(500);
    const postersModule = () =>
      page.evaluate(
        () =>
          (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string } | undefined> } }).__reactRouterManifest
            .routes["routes/posters/route"]?.module,
      );
    await expect.poll(postersModule).toMatch(/^\/assets\/.+\.js$/);
    const chunk = `**${await postersModule()}`;
    // The chunk is gone, as after a deployment that removed old assets.
    await page.route(chunk, (route) => route.abort());
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const documentLoad = page.waitForRequest((req) => req.isNavigationRequest() && new URL(req.url()).pathname === "/poster");
    await page.getByRole("navigation", { name: "Розділи" }).getByRole("link", { name: "Афіша" }).click();
    await documentLoad;
    await page.unroute(chunk);
    await expect(page).toHaveURL(/\/poster$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
  });
});

test.describe("toasts", () => {
  test("six severities, close button, lifetime paused on hover and restarted on leave, removal by group @js-only", async ({ page }) => {
    await stopClock(page);
    await openApp(page, "/us");
    const add = (detail: Record<string, unknown>) =>
      page.evaluate((toast) => window.dispatchEvent(new CustomEvent("toast:add", { detail: toast })), detail);
    const region = page.locator(".toast-region");

    for (const severity of ["info", "success", "warn", "error", "secondary", "contrast"]) {
      await add({
        id: `t-${severity}`,
        severity,
        text: `A ${severity} toast`,
        group: severity === "info" ? "solo" : "batch",
        life: 600_000,
      });
    }
    await expect(region.locator(".toast")).toHaveCount(6);
    await expect(region.locator("[data-severity]")).toHaveText(
      ["A info toast", "A success toast", "A warn toast", "A error toast", "A secondary toast", "A contrast toast"].map(
        (text) => new RegExp(text),
      ),
    );

    await region.locator('[data-severity="warn"]').getByRole("button", { name: "Close" }).click();
    await expect(region.locator(".toast")).toHaveCount(5);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("toast:remove-group", { detail: "batch" })));
    await expect(region.locator(".toast")).toHaveCount(1);
    await region.locator(".toast").getByRole("button", { name: "Close" }).click();
    await expect(region.locator(".toast")).toHaveCount(0);

    await add({ id: "timed", severity: "success", text: "Saved", life: 5000 });
    const toast = region.locator(".toast");
    await expect(toast).toHaveCount(1);
    await page.clock.runFor(4000);
    await expect(toast).toHaveCount(1);
    await toast.hover();
    await page.clock.runFor(20_000);
    await expect(toast).toHaveCount(1);
    await page.mouse.move(5, 5);
    // The full lifetime starts again when the pointer leaves.
    await page.clock.runFor(4999);
    await expect(toast).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(toast).toHaveCount(0);
  });

  test("a toast that comes before the page's messages is in words, not a message key @js-only", async ({ page }) => {
    // The Ukrainian bundle (shell, adverts, …) is held back: the page has only the messages
    // its render used, as a phone has in the seconds before the bundle loads when idle.
    const held: Array<() => Promise<void>> = [];
    await page.route(/\/assets\/uk-public-[\w-]+\.js$/, (route) => void held.push(() => route.continue()));
    await openApp(page, "/novyny");
    await banner(page).getByRole("button", { name: "Прийняти всі" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.locator(".toast-region .toast__text")).toHaveText("Ваші налаштування cookie збережено.");
    for (const release of held) await release();
  });
});

test.describe("prefetch", () => {
  const routeModules = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
        .map((link) => new URL(link.href).pathname)
        .filter((path) => path.includes("/assets/")),
    );

  test("likely next pages' code is preloaded a second after load @js-only", async ({ page }) => {
    await stopClock(page);
    await openApp(page, "/");
    // Let React Router learn the header links' routes first.
    await page.clock.runFor(500);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys((window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest.routes).some((id) =>
            id.includes("posters"),
          ),
        ),
      )
      .toBe(true);
    const before = await routeModules(page);
    const postersModule = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } }).__reactRouterManifest.routes[
          "routes/posters/route"
        ]!.module,
    );
    expect(before).not.toContain(postersModule);
    // The prefetcher's own code loads when the browser is first idle, so its one-second timer
    // starts at a moment the test does not see: the clock goes on in steps until the preload shows.
    await expect
      .poll(async () => {
        await page.clock.runFor(250);
        return routeModules(page);
      })
      .toContain(postersModule);
  });

  test("nothing is preloaded with save-data @js-only", async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" }, configurable: true }),
    );
    const prefetcherCode = page.waitForResponse(/\/assets\/prefetch-[\w-]+\.js$/);
    await stopClock(page);
    await openApp(page, "/");
    await page.clock.runFor(500);
    await prefetcherCode;
    const before = await routeModules(page);
    // In steps, each a round trip to the page: the prefetcher mounts soon after its code is in.
    for (let step = 0; step < 20; step++) await page.clock.runFor(250);
    expect(await routeModules(page)).toEqual(before);
  });
});

/** Signs in as the demo editor and lands on `then`. */

test.describe("dashboard visitor charts", () => {
  test("the seeded visits as charts with JavaScript, as tables without", async ({ page, javaScriptEnabled, login }) => {
    await login("editor");
    await page.goto("/dashboard");
    const section = page.getByRole("region", { name: "Відвідувачі" });
    await expect(section).toBeVisible();
    expect(Number(await section.locator('[data-stat="visits"]').textContent())).toBeGreaterThan(0);
    const perDay = section.locator('[data-chart="visits-per-day"]');
    const dayRows = perDay.locator("tbody tr");
    await expect(dayRows).toHaveCount(30);
    // Ukrainian widget dates: dd.mm.yy (the full year, as PrimeReact reads yy).
    expect(await dayRows.first().locator("th").textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    if (javaScriptEnabled) {
      await expect(section.locator("canvas")).toHaveCount(4);
      await expect(section.getByRole("img", { name: "Відвідування за днями" })).toBeVisible();
      await expect(perDay.locator("table")).toBeHidden();
      await perDay.getByText("Показати таблицею").click();
      await expect(perDay.locator("table")).toBeVisible();
    } else {
      await expect(section.locator("canvas")).toHaveCount(0);
      for (const chart of ["visits-per-day", "visits-by-locale", "visits-by-device", "top-pages"]) {
        await expect(section.locator(`[data-chart="${chart}"] table`)).toBeVisible();
      }
      await expect(section.locator('[data-chart="visits-by-device"] tbody th')).toHaveText(["Мобільний", "Планшет", "Комп'ютер"]);
    }

    await page.goto("/us/dashboard");
    const english = page.getByRole("region", { name: "Visitors" });
    expect(await english.locator('[data-chart="visits-per-day"] tbody tr').first().locator("th").textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4}$/,
    );
  });
});

test.describe("messages", () => {
  test("a part that mounts before its messages have arrived waits for them and renders without an error @js-only", async ({
    page,
    login,
  }) => {
    await login("editor");
    await page.goto("/dashboard/news");
    const edit = await page.locator('a[href*="/dashboard/news/edit/"]').first().getAttribute("href");
    // The dashboard's messages (`admin`) are held back until the rich editor, which mounts
    // after hydration, has asked for them and is waiting.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    let release!: () => void;
    const released = new Promise<void>((go) => (release = go));
    const asked = new Promise<void>((resolve) => {
      void page.route(/\/assets\/admin-[\w-]+\.js$/, async (route) => {
        resolve();
        await released;
        await route.continue();
      });
    });
    // Not until "load": the page may preload the held module, and load would wait for it.
    await page.goto(edit!, { waitUntil: "commit" });
    await asked;
    release();
    await expect(page.locator('.ql-editor[contenteditable="true"]').first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Жирний" }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
