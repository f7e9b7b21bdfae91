import { chromium } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
const base = "http://localhost:4555";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const role of ["admin", "user", "visitor"]) {
  for (const theme of ["dark", "light"]) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, baseURL: base });
  await context.addCookies([{ name: "theme", value: theme, url: base }]);
  const page = await context.newPage();
  if (role !== "visitor") {
    await page.goto("/login");
    await page.locator("#signin input[name=email]").fill(`${role}@demo.local`);
    await page.locator("#signin input[name=password]").fill(process.env.PW!);
    await page.locator("#signin button[type=submit]").click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  }
  const start = role === "admin" ? "/dashboard" : role === "user" ? "/cabinet" : "/";
  await page.goto(start);
  const links = [...new Set(await page.locator(`a[href^='${role === "visitor" ? "/" : start}']`).evaluateAll((as) => as.map((a) => a.getAttribute("href")!)))].filter((h) => !/rss|\.xml|logout|ics/.test(h)).slice(0, 40);
  const extra: string[] = [];
  for (const url of links) {
    await page.goto(url);
    const first = await page.locator("main a[href*='/edit'], main .content-card__link").first().getAttribute("href").catch(() => null);
    if (first && extra.length < 12) extra.push(first);
  }
  for (const url of [...links, ...extra]) {
    await page.goto(url);
    const r = await new AxeBuilder({ page }).withRules(["color-contrast", "link-in-text-block"]).analyze();
    const bad = r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.html.slice(0, 90)} ${(n.failureSummary ?? "").split("\n")[1]?.slice(0, 120)}`));
    if (bad.length) console.log(role, theme, url, bad.slice(0, 4));
  }
  console.log(role, theme, "checked", links.length + extra.length);
  await context.close();
  }
}
await browser.close();
