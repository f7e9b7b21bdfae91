import { test, expect } from "./support/fixtures.ts";

const pages = [
  { path: "/", heading: /Українська діаспора/, lang: "uk" },
  { path: "/us", heading: /Ukrainian Diaspora/, lang: "en" },
  { path: "/about", heading: "Про нас", lang: "uk" },
  { path: "/us/about", heading: "About us", lang: "en" },
  { path: "/privacy-policy", heading: "Політика конфіденційності", lang: "uk" },
  { path: "/us/privacy-policy", heading: /Privacy policy/i, lang: "en" },
  { path: "/nashi-kontakty", heading: /Контакти|контакти/, lang: "uk" },
  { path: "/us/nashi-kontakty", heading: /Contact/i, lang: "en" },
];

test.describe("platform pages", () => {
  for (const { path, heading, lang } of pages) {
    test(`${path} renders in its language`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator("footer")).toContainText(lang === "uk" ? "Політика конфіденційності" : "Privacy policy");
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical!).pathname).toBe(path);
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/uploads\/images\/.+\.webp$/);
    });
  }

  for (const [path, lang] of [
    ["/x", "uk"],
    ["/us/x", "en"],
    ["/en/privacy-policy", "uk"],
    ["/us/us", "en"],
  ] as const) {
    test(`${path} is the 404 "Page Not Found: {path}" inside the shell`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const title = lang === "en" ? `Page Not Found: ${path}` : `Сторінку не знайдено: ${path}`;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(title);
      // Nothing in the head presents the missing address as a page of the site.
      await expect(page.locator('link[rel="canonical"], link[hreflang], meta[property="og:url"]')).toHaveCount(0);
      await expect(page.locator("header.site-header")).toBeVisible();
      await expect(page.locator("footer.site-footer")).toBeVisible();
    });
  }
});

test.describe("switches", () => {
  test("the language switcher keeps the page and remembers the choice", async ({ page, context }) => {
    await page.goto("/about");
    await page.getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(/\/us\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("us");
    expect(cookie?.sameSite).toBe("Lax");
    // The remembered choice is respected at the root.
    await page.goto("/");
    await expect(page).toHaveURL(/\/us$/);
    await page.getByRole("link", { name: "Українська", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
  });

  test("the theme toggle switches to dark and back, rendered by the server", async ({ page }) => {
    await page.goto("/us/about");
    await expect(page.locator("html")).not.toHaveClass(/p-dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/p-dark/);
    await expect(page).toHaveURL(/\/us\/about$/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/p-dark/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/p-dark/);
  });
});

test.describe("first visit", () => {
  test.use({ locale: "en-US" });

  test("an English browser is sent from / to /us once, and the cookie is set", async ({ page, context }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/us$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("us");
  });

  test("a path without prefix stays Ukrainian whatever the browser prefers", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
  });
});
