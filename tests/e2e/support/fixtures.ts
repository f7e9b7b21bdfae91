// `test` and `expect` for every e2e spec, with an automatic accessibility check: after
// each passing test, axe-core analyses every page the test visited and the test fails on
// `serious` or `critical` violations, which are printed.
//
// How pages are analysed:
//   - js project: the page(s) as the test left them, in place; then every other URL the
//     test navigated to (including client-side navigations), reloaded in a new tab of the
//     same browser context (same cookies, so signed-in pages stay signed in).
//   - no-js project: axe cannot run with JavaScript disabled, so each HTML document the
//     server sent (including POST results such as forms with errors) is replayed in a
//     scratch JavaScript-enabled context with page scripts blocked by CSP, and analysed.
//     The js project replays document POST results the same way.
//
// Per file or test: test.use({ axe: { disableRules: ["color-contrast"], exclude: ["#map"] } })
// or test.use({ axe: { enabled: false } }).
// The colour rules run a second time in the other theme (dark when the test left the page
// light), so contrast holds in both.
//
// The same pass checks that each analysed page fits a 360 px phone: the page is narrowed to
// 360 px and `document.documentElement.scrollWidth <= innerWidth` must hold in the light
// and the dark theme (the theme is the `p-dark` class on <html>). Opt out with
// test.use({ axe: { fitWidth: 0 } }).
import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, type BrowserContext, type Page, test as base, expect } from "@playwright/test";

type Impact = "minor" | "moderate" | "serious" | "critical";

export type AxeOptions = {
  enabled: boolean;
  /** Violations of these impacts fail the test. */
  failOn: Impact[];
  /** axe rule ids not to run. */
  disableRules: string[];
  /** CSS selectors left out of the analysis. */
  exclude: string[];
  /** URLs never (re)visited just for the check, e.g. ones with side effects. */
  skipUrls: RegExp[];
  /** Most pages analysed per test. */
  maxPages: number;
  /** Viewport width every analysed page must fit without horizontal scrolling; 0 turns it off. */
  fitWidth: number;
};

const defaults: AxeOptions = {
  enabled: true,
  failOn: ["serious", "critical"],
  disableRules: [],
  exclude: [],
  skipUrls: [/\/logout\b/, /\/healthz\b/],
  maxPages: 12,
  fitWidth: 360,
};

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];
type Finding = { url: string; how: string; violations: Violation[] };

type Snapshot = { url: string; html: Promise<string | undefined> };

function isHttp(url: string): boolean {
  return url.startsWith("http://") || url.startsWith("https://");
}

/** Same page for the check: fragment ignored. */
function pageKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}

function builder(page: Page, options: AxeOptions): AxeBuilder {
  let axe = new AxeBuilder({ page });
  if (options.disableRules.length) axe = axe.disableRules(options.disableRules);
  for (const selector of options.exclude) axe = axe.exclude(selector);
  return axe;
}

/** "light 412 > 360"-style notes for each theme in which the page is wider than `width`. */
async function overflowAt(page: Page, width: number): Promise<string[]> {
  const before = page.viewportSize();
  await page.setViewportSize({ width, height: before?.height ?? 720 });
  try {
    return await page.evaluate((width) => {
      const root = document.documentElement;
      const wasDark = root.classList.contains("p-dark");
      const notes: string[] = [];
      for (const dark of [false, true]) {
        root.classList.toggle("p-dark", dark);
        if (root.scrollWidth > innerWidth) {
          // Name the widest offender to make the failure actionable.
          let widest = "";
          let right = innerWidth;
          for (const element of document.body.querySelectorAll("*")) {
            const box = element.getBoundingClientRect();
            if (box.right > right + 0.5) {
              right = box.right;
              widest = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}`;
            }
          }
          notes.push(`${dark ? "dark" : "light"}: scrollWidth ${root.scrollWidth} > ${width}${widest ? ` (widest: ${widest}, right edge ${Math.round(right)})` : ""}`);
        }
      }
      root.classList.toggle("p-dark", wasDark);
      return notes;
    }, width);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

// Only colours change with the theme, so the dark pass runs the colour rules alone.
const THEME_RULES = ["color-contrast", "link-in-text-block"];

/** The other theme's colours (dark when the test left the page light), analysed on the same document (the theme is a class on <html>). */
async function otherThemeAudit(page: Page, options: AxeOptions): Promise<{ theme: string; violations: AxeResults["violations"] }> {
  const rules = THEME_RULES.filter((rule) => !options.disableRules.includes(rule));
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains("p-dark"));
  // Colour transitions run to their end before axe reads the colours.
  await page.evaluate(async (dark) => {
    document.documentElement.classList.toggle("p-dark", dark);
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {})));
  }, !wasDark);
  try {
    let axe = new AxeBuilder({ page }).withRules(rules);
    for (const selector of options.exclude) axe = axe.exclude(selector);
    const violations = rules.length ? (await axe.analyze()).violations : [];
    return { theme: wasDark ? "light" : "dark", violations: violations.filter((v) => options.failOn.includes(v.impact as Impact)) };
  } finally {
    await page.evaluate((dark) => document.documentElement.classList.toggle("p-dark", dark), wasDark);
  }
}

function format(findings: Finding[]): string {
  const lines: string[] = [];
  for (const { url, how, violations } of findings) {
    lines.push(`${url} (${how}):`);
    for (const violation of violations) {
      lines.push(`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
      for (const node of violation.nodes.slice(0, 5)) {
        lines.push(`      ${node.target.join(" >> ")}  ${node.html.replace(/\s+/g, " ").slice(0, 160)}`);
        if (node.failureSummary) lines.push(`        ${node.failureSummary.replace(/\s+/g, " ").slice(0, 240)}`);
      }
      if (violation.nodes.length > 5) lines.push(`      ... and ${violation.nodes.length - 5} more`);
    }
  }
  return lines.join("\n");
}

function watchNavigations(context: BrowserContext, javaScriptEnabled: boolean) {
  const urls = new Map<string, string>(); // key -> url, in visiting order
  const snapshots: Snapshot[] = [];
  const watch = (page: Page) => {
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame() || !isHttp(frame.url())) return;
      const key = pageKey(frame.url());
      if (!urls.has(key)) urls.set(key, frame.url());
    });
    // Documents to replay: all of them without JavaScript; with it, only the results of
    // document POSTs (revisiting their URL would show another page).
    page.on("response", (response) => {
      const request = response.request();
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      if (javaScriptEnabled && request.method() === "GET") return;
      if (response.status() >= 300 && response.status() < 400) return;
      if (!(response.headers()["content-type"] ?? "").includes("text/html")) return;
      // Read the body now, before the next navigation can evict it.
      snapshots.push({ url: response.url(), html: response.text().catch(() => undefined) });
    });
  };
  for (const page of context.pages()) watch(page);
  context.on("page", watch);
  return { urls, snapshots };
}

/** Loads each served document in a scratch context with page scripts blocked, and analyses it. */
async function replaySnapshots(
  browser: Browser,
  snapshots: Snapshot[],
  options: AxeOptions,
  take: (url: string) => boolean,
  record: (url: string, how: string, page: Page) => Promise<void>,
  locale: string | undefined,
): Promise<void> {
  if (!snapshots.length) return;
  const scratch = await browser.newContext({ javaScriptEnabled: true, locale });
  try {
    const seen = new Set<string>();
    for (const snapshot of snapshots) {
      const html = await snapshot.html;
      if (html === undefined || seen.has(html) || !take(snapshot.url)) continue;
      seen.add(html);
      const replay = await scratch.newPage();
      try {
        const target = pageKey(snapshot.url);
        await replay.route(
          (url) => pageKey(url.href) === target,
          (route) =>
            route.fulfill({
              status: 200,
              contentType: "text/html; charset=utf-8",
              // No page scripts: the document stays as a browser without JS shows it.
              headers: { "Content-Security-Policy": "script-src 'none'" },
              body: html,
            }),
          { times: 1 },
        );
        await replay.goto(snapshot.url, { waitUntil: "load" });
        await record(snapshot.url, "as served, without JavaScript", replay);
      } finally {
        await replay.close();
      }
    }
  } finally {
    await scratch.close();
  }
}

export const test = base.extend<{ axe: Partial<AxeOptions>; axeAudit: void }>({
  axe: [{}, { option: true }],

  axeAudit: [
    async ({ page, context, browser, javaScriptEnabled, axe }, use, testInfo) => {
      const options: AxeOptions = { ...defaults, ...axe };
      const { urls, snapshots } = watchNavigations(context, javaScriptEnabled);
      void page; // a dependency only: the page is set up before, and torn down after, this fixture

      await use();

      if (!options.enabled || testInfo.status !== testInfo.expectedStatus || testInfo.expectedStatus !== "passed") {
        return;
      }
      const skipped = (url: string) => !isHttp(url) || options.skipUrls.some((pattern) => pattern.test(url));
      const findings: Finding[] = [];
      const overflows: string[] = [];
      const record = async (url: string, how: string, analysed: Page) => {
        const results = await builder(analysed, options).analyze();
        const violations = results.violations.filter((v) => options.failOn.includes(v.impact as Impact));
        if (violations.length) findings.push({ url, how, violations });
        const other = await otherThemeAudit(analysed, options);
        if (other.violations.length) findings.push({ url, how: `${how}, ${other.theme} theme`, violations: other.violations });
        if (options.fitWidth > 0) {
          for (const note of await overflowAt(analysed, options.fitWidth)) overflows.push(`${url} (${how}) ${note}`);
        }
      };
      const done = new Set<string>();
      let budget = options.maxPages;
      const take = (url: string) => !skipped(url) && budget-- > 0;
      testInfo.setTimeout(testInfo.timeout + 60_000); // the analysis is not the test's time

      if (javaScriptEnabled) {
        for (const open of context.pages()) {
          if (open.isClosed() || !take(open.url())) continue;
          const contentType = await open.evaluate(() => document.contentType).catch(() => "");
          if (contentType !== "text/html") continue;
          await record(open.url(), "as the test left it", open);
          done.add(pageKey(open.url()));
        }
      }
      // Served documents (no-js: every page; js: document POST results).
      await replaySnapshots(browser, snapshots, options, take, record, testInfo.project.use.locale);
      if (javaScriptEnabled) {
        for (const [key, url] of urls) {
          if (done.has(key) || !take(url)) continue;
          done.add(key);
          const visit = await context.newPage();
          try {
            const response = await visit.goto(url, { waitUntil: "load" });
            if (!(response?.headers()["content-type"] ?? "").includes("text/html")) continue;
            await visit.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
            await record(url, "revisited", visit);
          } finally {
            await visit.close();
          }
        }
      }

      if (overflows.length) {
        const report = overflows.join("\n");
        await testInfo.attach("overflow.txt", { body: report, contentType: "text/plain" });
        if (!findings.length) throw new Error(`Layout: ${overflows.length} page(s) wider than ${options.fitWidth} px\n${report}`);
      }
      if (findings.length) {
        const report = format(findings);
        await testInfo.attach("axe-violations.txt", { body: report, contentType: "text/plain" });
        const count = findings.reduce((sum, finding) => sum + finding.violations.length, 0);
        const widths = overflows.length ? `\nLayout: ${overflows.length} page(s) wider than ${options.fitWidth} px\n${overflows.join("\n")}` : "";
        throw new Error(`Accessibility: ${count} ${options.failOn.join("/")} axe violation(s)\n${report}${widths}`);
      }
    },
    { auto: true },
  ],
});

export { expect };
