// The events calendar in another site's page: a page served from a second origin (localhost on
// a port of its own, while the portal is 127.0.0.1) frames /embed/poster, which the browser
// shows, and /poster, which the browser refuses to show in a frame. Headers and the page's
// content in detail: tests/unit/poster-embed.test.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Frame, Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { baseURL } from "./support/env.ts";

let host: http.Server;
let hostOrigin: string;

/** Another site: one page framing the portal's address given as `?src=`. */
test.beforeAll(async () => {
  host = http.createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://localhost").searchParams.get("src") ?? "/embed/poster";
    const frame = new URL(src, baseURL).href.replace(/"/g, "&quot;");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>A community's own site</title><style>body{margin:0;padding:1rem;font-family:sans-serif}main{max-width:40rem}</style></head>` +
        `<body><main><h1>A community's own site</h1><p>Our events:</p>` +
        `<iframe name="portal" src="${frame}" title="Events" width="100%" height="480" loading="lazy" style="border:0"></iframe></main></body></html>`,
    );
  });
  // Listening on every address: the browser may reach "localhost" over IPv4 or IPv6.
  await new Promise<void>((resolve) => host.listen(0, resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** The host page framing `src`, and its frame once that has a document. */
async function framed(page: Page, src: string): Promise<Frame> {
  const response = await page.goto(`${hostOrigin}/?src=${encodeURIComponent(src)}`);
  expect(response?.status()).toBe(200);
  const frame = await (await page.locator("iframe[name=portal]").elementHandle())?.contentFrame();
  expect(frame).toBeTruthy();
  return frame!;
}

test("another site's page shows the embedded calendar, its links opening the portal in a new window", async ({ page }) => {
  const frame = await framed(page, "/embed/poster");
  await expect(frame.getByRole("heading", { level: 1, name: "Найближчі події" })).toBeVisible();
  const first = frame.locator("ol h2 a").first();
  await expect(first).toBeVisible();
  expect((await first.textContent())?.trim()).not.toBe("");
  expect(await first.getAttribute("href")).toMatch(new RegExp(`^${baseURL}/poster/[^/?#]+$`));
  expect(await first.getAttribute("target")).toBe("_blank");
  expect(await first.getAttribute("rel")).toBe("noopener");
  await expect(frame.getByRole("link", { name: "Більше подій" })).toHaveAttribute("href", `${baseURL}/poster`);
  expect(frame.url()).toBe(`${baseURL}/embed/poster`);
  // The page has no script at all.
  expect(await frame.locator("script").count()).toBe(0);
});

test("the English calendar, in the dark theme", async ({ page }) => {
  const frame = await framed(page, "/us/embed/poster?theme=dark&limit=3");
  await expect(frame.getByRole("heading", { level: 1, name: "Upcoming events" })).toBeVisible();
  await expect(frame.locator("html")).toHaveClass("p-dark");
  await expect(frame.locator("html")).toHaveAttribute("lang", "en");
  expect(await frame.locator("ol li").count()).toBeLessThanOrEqual(3);
  await expect(frame.getByRole("link", { name: "More events" })).toHaveAttribute("href", `${baseURL}/us/poster`);
});

test("another site cannot frame any other page of the portal", async ({ page }) => {
  const loaded = page.waitForResponse((response) => response.url() === `${baseURL}/poster`);
  const frame = await framed(page, "/poster");
  // The portal answered the frame's request; the browser then refused to show the answer:
  // the frame is left on the browser's own error document, never on the portal's page.
  expect((await loaded).status()).toBe(200);
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
  expect(await frame.locator("header, main").count()).toBe(0);
});

test("the calendar's own address is a readable page (checked for accessibility in both themes and at 360 px)", async ({ page }) => {
  const response = await page.goto("/embed/poster?limit=5");
  expect(response?.headers()["x-frame-options"]).toBeUndefined();
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1, name: "Найближчі події" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "uk");
  expect(await page.locator("ol li").count()).toBeLessThanOrEqual(5);
});
