// `test` and `expect` for every e2e spec, with an automatic accessibility check: after
// each passing test, axe-core analyses every page the test visited and the test fails on
// `serious` or `critical` violations, which are printed.
//
// How pages are analysed:
//   - js project: the page(s) as the test left them, in place (what JavaScript made of them);
//     then, for a test that runs in the js project only (@js-only), every other URL it
//     navigated to (including client-side navigations), reloaded in a new tab of the same
//     browser context (same cookies, so signed-in pages stay signed in). A test that also
//     runs without JavaScript has each of those documents analysed by its no-js run, as the
//     server sent them; reloading them here too doubled the suite's time for the same HTML.
//   - no-js project: axe cannot run with JavaScript disabled, so each HTML document the
//     server sent (including POST results such as forms with errors) is replayed in a
//     scratch JavaScript-enabled page (one per worker) with page scripts blocked by CSP, and analysed.
//     The js project replays document POST results the same way.
//
// Per file or test: test.use({ axe: { disableRules: ["color-contrast"], exclude: ["#map"] } })
// or test.use({ axe: { enabled: false } }).
// The colour rules run a second time in the other theme (dark when the test left the page
// light), so contrast holds in both.
//
// A document already analysed in this run (the same DOM, theme, viewport and options, by
// whichever test, project or worker) is not analysed again: its result is read from
// test-results (cleaned at the start of every run), which makes the check several times cheaper.
// axe itself runs once per page structure (`structureState`: the same template with other words
// or ids); the 360 px width check, which depends on the words, still runs on every new document.
//
// The same pass checks that each analysed page fits a 360 px phone: the page is narrowed to
// 360 px and `document.documentElement.scrollWidth <= innerWidth` must hold in the light
// and the dark theme (the theme is the `p-dark` class on <html>). Opt out with
// test.use({ axe: { fitWidth: 0 } }).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import axe from "axe-core";
import { type BrowserContext, type Page, test as base, expect } from "@playwright/test";
import { sessionMaker, type Account } from "./sign-in.ts";

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

export const defaults: AxeOptions = {
  enabled: true,
  failOn: ["serious", "critical"],
  disableRules: [],
  exclude: [],
  skipUrls: [/\/logout\b/, /\/healthz\b/],
  maxPages: 12,
  fitWidth: 360,
};

type Violation = axe.Result;
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

// Only colours change with the theme, so the other theme's pass runs the colour rules alone.
const THEME_RULES = ["color-contrast", "link-in-text-block"];

type AxeWindow = { axe?: typeof axe };

/**
 * axe on the page in both themes: every rule with the page's theme, then the colour rules with
 * the other one (the theme is a class on <html>).
 * axe-core is injected once per document and both passes run in one call: @axe-core/playwright
 * evaluated axe's source again for every analysis, which was most of the check's time
 * (docs/adr/0035-browser-test-suite.md). Violations only, top frame only (the portal has no iframes).
 */
export async function axeViolations(page: Page, options: AxeOptions): Promise<Analysis["violations"]> {
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe)))) await page.evaluate(axe.source);
  const passes = await page.evaluate(
    async ({ exclude, disableRules, themeRules }) => {
      const engine = (window as AxeWindow).axe!;
      const context = exclude.length ? { exclude } : document;
      const base = {
        resultTypes: ["violations" as const],
        iframes: false,
        rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
      };
      // Transitions off, so colours are final at once (a hover the test left, the other theme):
      // waiting for transitions to end took seconds on a busy machine, as they need frames.
      const still = document.head.appendChild(document.createElement("style"));
      still.textContent = "*, *::before, *::after { transition: none !important; }";
      const root = document.documentElement;
      const wasDark = root.classList.contains("p-dark");
      try {
        const main = await engine.run(context, base);
        root.classList.toggle("p-dark", !wasDark);
        const other = themeRules.length
          ? await engine.run(context, { ...base, runOnly: { type: "rule", values: themeRules } })
          : { violations: [] };
        return [
          { how: "", violations: main.violations },
          { how: `${wasDark ? "light" : "dark"} theme`, violations: other.violations },
        ];
      } finally {
        root.classList.toggle("p-dark", wasDark);
        void getComputedStyle(root).color; // the restored colours apply before transitions return
        still.remove();
      }
    },
    {
      exclude: options.exclude,
      disableRules: options.disableRules,
      themeRules: THEME_RULES.filter((rule) => !options.disableRules.includes(rule)),
    },
  );
  return passes
    .map(({ how, violations }) => ({
      how,
      violations: violations.filter((violation) => options.failOn.includes(violation.impact as Impact)),
    }))
    .filter(({ violations }) => violations.length > 0);
}

/** "light 412 > 360"-style notes for each theme in which the page is wider than `width`. */
export async function overflowAt(page: Page, width: number): Promise<string[]> {
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
            if (box.right > right + 0.5 && element.checkVisibility()) {
              right = box.right;
              widest = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}`;
            }
          }
          notes.push(
            `${dark ? "dark" : "light"}: scrollWidth ${root.scrollWidth} > ${width}${widest ? ` (widest: ${widest}, right edge ${Math.round(right)})` : ""}`,
          );
        }
      }
      root.classList.toggle("p-dark", wasDark);
      return notes;
    }, width);
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/** What one analysis of a document found, kept under its fingerprint for the rest of the run. */
type Analysis = { violations: Array<{ how: string; violations: Violation[] }>; overflows: string[] };

function fingerprint(...parts: string[]): string {
  const hash = createHash("sha1");
  // The CSP nonce is new on every render; nothing else about it matters to the check.
  for (const part of parts) hash.update(part.replace(/ nonce="[^"]*"/g, "")).update("\0");
  return hash.digest("hex");
}

function analysisStore(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = (key: string) => path.join(dir, `${key}.json`);
  return {
    get(key: string): Analysis | undefined {
      try {
        return JSON.parse(readFileSync(file(key), "utf8")) as Analysis;
      } catch {
        return undefined;
      }
    },
    set(key: string, analysis: Analysis): void {
      writeFileSync(file(key), JSON.stringify(analysis));
    },
  };
}

/** The DOM as axe sees it, with the theme and the viewport, for the fingerprint. */
function documentState(page: Page): Promise<string> {
  return page.evaluate(() => `${innerWidth}x${innerHeight}\n${document.documentElement.outerHTML}`);
}

/**
 * The document's structure for axe, read in the page: every element with its tag, classes,
 * role and attributes; text and the attributes that hold words or addresses reduced to "there
 * or not" (in-page links keep their target); digits in other values (ids and the references to
 * them, a decorative placeholder's hue) reduced to "#"; a run of identical siblings (cards of
 * one kind) to one. The same template with other words, ids or number of cards reads the same.
 */
function structureState(page: Page): Promise<string> {
  return page.evaluate(() => {
    // lang too: the Ukrainian and the English page of a template are one analysis (both codes are fixed in the app).
    const wording =
      /^(href|src|srcset|action|formaction|content|datetime|value|alt|title|aria-label|aria-valuetext|placeholder|cite|lang|hreflang|data-[\w-]+)$/;
    const valueOf = (name: string, value: string) => {
      if (name === "nonce") return "";
      if (wording.test(name)) return name === "href" && value.startsWith("#") ? value : value.trim() ? "t" : "";
      return value.replace(/\d+/g, "#");
    };
    const read = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent?.trim() ? "t" : "";
      if (!(node instanceof Element)) return "";
      const tag = node.tagName.toLowerCase();
      const attributes = [...node.attributes]
        .map((attribute) => ` ${attribute.name}="${valueOf(attribute.name, attribute.value)}"`)
        .join("");
      if (tag === "script") return `<script${attributes}>`;
      let inner = "";
      let previous = "";
      for (const child of node.childNodes) {
        const part = read(child);
        if (part && part !== previous) inner += part;
        previous = part;
      }
      return `<${tag}${attributes}>${inner}</${tag}>`;
    };
    return `${innerWidth}x${innerHeight}\n${read(document.documentElement)}`;
  });
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

const HOW_SERVED = "as served, without JavaScript";

/**
 * Loads each served document in the worker's scratch page (JavaScript on, page scripts blocked
 * by CSP) and analyses it. One page per worker, not one per document: a new page is a new
 * renderer process, and a kept one keeps its HTTP cache (styles, fonts, images) and axe's
 * compiled code warm.
 */
async function replaySnapshots(
  replay: Page,
  snapshots: Snapshot[],
  take: (url: string) => boolean,
  record: (url: string, how: string, page: Page) => Promise<Analysis>,
  served: { reuse: (url: string, how: string, html: string) => boolean; remember: (html: string, analysis: Analysis) => void },
): Promise<void> {
  const seen = new Set<string>();
  for (const snapshot of snapshots) {
    const html = await snapshot.html;
    if (html === undefined || seen.has(html) || !take(snapshot.url)) continue;
    seen.add(html);
    if (served.reuse(snapshot.url, HOW_SERVED, html)) continue;
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
    );
    try {
      await replay.goto(snapshot.url, { waitUntil: "load" });
      served.remember(html, await record(snapshot.url, HOW_SERVED, replay));
    } finally {
      await replay.unrouteAll({ behavior: "ignoreErrors" });
    }
  }
}

/** Signs the test's browser context (or `context`) in as a seeded account, without the form (sign-in.ts). */
type Login = (who: Account, context?: BrowserContext) => Promise<void>;

/**
 * The app starts once the page has loaded and painted (docs/adr/0040-first-view.md), so a
 * test acting right after `goto` could find the server's HTML not yet hydrated. Whether the
 * page has the app's starter, and then that React Router's router is up and React has
 * hydrated the body; a page without the starter (a feed, a file) passes at once.
 */
function appStarted(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => {
      const starter = [...document.scripts].some((script) => script.text.startsWith("((h)=>"));
      if (!starter) return document.readyState !== "loading";
      const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter;
      return Boolean(router?.state.initialized) && Object.keys(document.body).some((key) => key.startsWith("__reactFiber$"));
    },
    undefined,
    { polling: 50 },
  );
}

export const test = base.extend<{ axe: Partial<AxeOptions>; axeAudit: void; login: Login }, { replayPage: Page }>({
  axe: [{}, { option: true }],

  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== "commit") await appStarted(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await appStarted(page);
        return response;
      };
    }
    await use(page);
  },

  login: async ({ context }, use) => {
    const sessions = sessionMaker();
    await use((who, other) => sessions.start(other ?? context, who));
    await sessions.close();
  },

  // The scratch page served documents are replayed in, kept for the worker.
  replayPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ javaScriptEnabled: true, locale: workerInfo.project.use.locale });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],

  axeAudit: [
    async ({ page, context, replayPage, javaScriptEnabled, axe }, use, testInfo) => {
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
      const store = analysisStore(path.join(testInfo.project.outputDir, ".axe-analyses"));
      const optionsKey = JSON.stringify({ ...options, skipUrls: undefined, maxPages: undefined });
      const report = (url: string, how: string, analysis: Analysis) => {
        for (const found of analysis.violations)
          findings.push({ url, how: found.how ? `${how}, ${found.how}` : how, violations: found.violations });
        for (const note of analysis.overflows) overflows.push(`${url} (${how}) ${note}`);
      };
      // axe runs once per page structure (the same template with other words and ids is the
      // same analysis); the width check reads the words too, so it runs once per document.
      const analyse = async (analysed: Page): Promise<Analysis> => {
        const axeKey = fingerprint(optionsKey, "structure", await structureState(analysed));
        let violations = store.get(axeKey)?.violations;
        if (!violations) store.set(axeKey, { violations: (violations = await axeViolations(analysed, options)), overflows: [] });
        return { violations, overflows: options.fitWidth > 0 ? await overflowAt(analysed, options.fitWidth) : [] };
      };
      const record = async (url: string, how: string, analysed: Page) => {
        const key = fingerprint(optionsKey, await documentState(analysed));
        const known = store.get(key);
        const analysis = known ?? (await analyse(analysed));
        if (!known) store.set(key, analysis);
        report(url, how, analysis);
        return analysis;
      };
      // A served document seen before needs no scratch page at all.
      const servedKey = (html: string) => fingerprint(optionsKey, "served", html);
      const served = {
        reuse(url: string, how: string, html: string) {
          const known = store.get(servedKey(html));
          if (known) report(url, how, known);
          return known !== undefined;
        },
        remember: (html: string, analysis: Analysis) => store.set(servedKey(html), analysis),
      };
      const done = new Set<string>();
      const started = Date.now();
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
      await replaySnapshots(replayPage, snapshots, take, record, served);
      if (javaScriptEnabled && testInfo.tags.includes("@js-only")) {
        // One tab of the test's context (its cookies) for all of them.
        let visit: Page | undefined;
        try {
          for (const [key, url] of urls) {
            if (done.has(key) || !take(url)) continue;
            done.add(key);
            visit ??= await context.newPage();
            const response = await visit.goto(url, { waitUntil: "load" });
            if (!(response?.headers()["content-type"] ?? "").includes("text/html")) continue;
            await visit.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
            await record(url, "revisited", visit);
          }
        } finally {
          await visit?.close();
        }
      }

      // What the check cost this test, in the report beside the test's own time.
      testInfo.annotations.push({
        type: "accessibility check",
        description: `${options.maxPages - Math.max(budget, 0)} page(s), ${Date.now() - started} ms`,
      });
      if (overflows.length) {
        const report = overflows.join("\n");
        await testInfo.attach("overflow.txt", { body: report, contentType: "text/plain" });
        if (!findings.length) throw new Error(`Layout: ${overflows.length} page(s) wider than ${options.fitWidth} px\n${report}`);
      }
      if (findings.length) {
        const report = format(findings);
        await testInfo.attach("axe-violations.txt", { body: report, contentType: "text/plain" });
        const count = findings.reduce((sum, finding) => sum + finding.violations.length, 0);
        const widths = overflows.length
          ? `\nLayout: ${overflows.length} page(s) wider than ${options.fitWidth} px\n${overflows.join("\n")}`
          : "";
        throw new Error(`Accessibility: ${count} ${options.failOn.join("/")} axe violation(s)\n${report}${widths}`);
      }
    },
    { auto: true },
  ],
});

export { expect };
