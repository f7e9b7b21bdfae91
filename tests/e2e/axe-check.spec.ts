// The accessibility and width check every spec relies on (support/fixtures.ts) must be able
// to fail: on a page built to break it, it reports the violation, the other theme's contrast
// (behind a slow colour transition) and the overflow.
import { test, expect, axeViolations, overflowAt, defaults } from "./support/fixtures.ts";

test.use({ axe: { enabled: false } }); // this page is meant to fail; the check is asserted below

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken on purpose</title><style>
  p { color: #000; background: #fff; transition: color 5s, background-color 5s; }
  .p-dark p { color: #222; background: #000; }
</style></head><body><main><h1>Broken</h1><img src="/favicon.ico"><p>Faint in the dark theme</p><div style="width: 500px">Wide</div></main></body></html>`;

test("the check reports a missing alt, the dark theme's contrast and a page wider than 360 px @js-only", async ({ page }) => {
  await page.route(
    (url) => url.pathname === "/axe-check",
    (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: BROKEN }),
  );
  await page.goto("/axe-check");
  const found = await axeViolations(page, defaults);
  expect(found.map(({ how, violations }) => [how, violations.map((violation) => violation.id)])).toEqual([
    ["", ["image-alt"]],
    ["dark theme", ["color-contrast"]],
  ]);
  expect(await overflowAt(page, 360)).toEqual([
    expect.stringMatching(/^light: scrollWidth 5\d\d > 360/),
    expect.stringMatching(/^dark: scrollWidth 5\d\d > 360/),
  ]);
  // The page is left as it was: light theme, its own viewport.
  expect(await page.evaluate(() => document.documentElement.classList.contains("p-dark"))).toBe(false);
  expect(page.viewportSize()?.width).toBe(1280);
});
