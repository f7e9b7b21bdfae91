// The Content-Security-Policy in a real browser: pages hydrate and their
// widgets (PrimeReact, Quill, chart.js) work, with no violation reported, on a public page,
// the advert posting page and a dashboard editor page. Header values: tests/unit/server-hardening.test.ts.
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

/** Collects CSP violations (the DOM event and Chrome's console report) and page errors. */
function watchViolations(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Refused to (CSP event) ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
      );
    });
  });
  return problems;
}

async function expectHydrated(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules));
}

test.describe("content security policy @js-only", () => {
  test.describe.configure({ timeout: 90_000 });
  test("a public page: nonce on every inline script, hydrated, no violation", async ({ page }) => {
    const problems = watchViolations(page);
    const response = await page.goto("/");
    const csp = response!.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response!.headers()["x-frame-options"]).toBe("DENY");
    await expectHydrated(page);
    const inline = await page
      .locator("script:not([src]):not([type='application/ld+json']):not([type='application/json'])")
      .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every((value) => value === nonce)).toBe(true);
    // A client navigation still works (module scripts of the next route load under the CSP).
    await page.getByRole("link", { name: "Новини" }).first().click();
    await page.waitForURL(/\/novyny/);
    expect(problems).toEqual([]);
  });

  test("the advert posting page and a dashboard editor page work without a violation", async ({ page, login }) => {
    const problems = watchViolations(page);
    await login("editor");
    await page.goto("/dashboard");
    await expectHydrated(page);
    // The dashboard home draws its charts with chart.js on a canvas.
    await expect(page.locator("canvas").first()).toBeVisible();

    await page.goto("/dodaty-ogoloshennya");
    await expectHydrated(page);
    await expect(
      page
        .locator("form")
        .filter({ has: page.locator("input[type=file], textarea") })
        .first(),
    ).toBeVisible();

    await page.goto("/dashboard/news");
    const edit = await page.locator('a[href*="/dashboard/news/edit/"]').first().getAttribute("href");
    await page.goto(edit!);
    await expectHydrated(page);
    // Quill replaced the textarea with its editor: scripts and its inline styles ran.
    const editor = page.locator('.ql-editor[contenteditable="true"]').first();
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.type(" CSP");
    await expect(editor).toContainText("CSP");
    expect(problems).toEqual([]);
  });
});
