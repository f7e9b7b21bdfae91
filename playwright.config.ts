// End-to-end tests against the PRODUCTION build (`npm run test:e2e` builds first), served
// by tests/e2e/support/start-server.ts on a fresh data directory / database.
// Two projects run every spec: `js` and `no-js` (JavaScript disabled). Tag a test
// `@js-only` or `@no-js-only` to keep it out of the other project.
import os from "node:os";
import { defineConfig } from "@playwright/test";
import { baseURL, chromiumPath, port, ports } from "./tests/e2e/support/env.ts";

// Announced once by the runner (its workers and tools such as knip load this file too): a
// run that collides with another on the machine says which ports it took.
if (!process.env.TEST_WORKER_INDEX && process.argv.some((arg) => /playwright/.test(arg))) {
  console.log(
    `browser suite ports: ${Object.entries(ports)
      .map(([name, p]) => `${name} ${p}`)
      .join(", ")} (E2E_PORT sets the first)`,
  );
}

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: `test-results/${port}`,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Sized to the machine: one browser per core but one left for the single server process
  // (at least 2, at most 4: beyond that the one server is the bottleneck). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(2, os.availableParallelism() - 1))),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    // Ukrainian is the default interface; a fixed browser language keeps locale detection
    // deterministic. Use test.use({ locale: "en-US" }) to test detection of English.
    locale: "uk-UA",
    // Headless Chromium's own user agent reads as a crawler (isbot), and crawlers are
    // neither redirected nor counted: tests browse as an ordinary desktop Chrome.
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    timezoneId: "Europe/Kyiv",
    // A failing test keeps its trace (DOM snapshots, network, console) and a screenshot; the
    // trace's screencast is left out, as it was a large share of the suite's time
    // (docs/adr/0035-browser-test-suite.md).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The portal's service worker would answer requests that page.route() then never sees;
    // tests/e2e/offline.spec.ts allows it for itself.
    serviceWorkers: "block",
  },
  projects: [
    { name: "js", grepInvert: /@no-js-only/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", grepInvert: /@js-only/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    // process.execPath: the Node 24 that runs Playwright (npm scripts / npx), not the system one.
    command: `"${process.execPath}" tests/e2e/support/start-server.ts`,
    cwd: import.meta.dirname,
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000, // first start migrates and seeds
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
