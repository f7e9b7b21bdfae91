// The main pages log no error in the browser's console and throw none, under `npm run dev`
// (hydration mismatches, React's warnings and Vite's "504 Outdated Optimize Dep" show there)
// and on the production server. The dev server runs on a port of its own, with its own data.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { accounts, baseURL, demoPassword, ports } from "./support/env.ts";

const root = path.resolve(import.meta.dirname, "../..");
const ADVERT = "Здам 2-кімнатну квартиру біля центру";

test.use({ axe: { enabled: false } });

/** Visits the main pages, signed out then as the admin; every console error and page error, by page. */
async function visitMainPages(page: Page, base: string): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: console: ${message.text().slice(0, 500)}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: pageerror: ${error.message.slice(0, 500)}`));
  const visit = async (pathname: string) => {
    await page.goto(`${base}${pathname}`, { timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 120_000 });
    // Parts of the page hydrate when the browser is idle (components/deferred.tsx).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })));
  };
  await visit("/");
  await visit("/novyny");
  const news = await page.locator('main a[href^="/novyny/"]:not([href*="/category/"])').first().getAttribute("href");
  await visit(news!);
  await visit("/advertisement");
  const advert = await page.getByRole("link", { name: ADVERT }).first().getAttribute("href");
  await visit(advert!);
  await visit("/login");
  const form = page.locator("form#signin");
  await form.getByLabel("Електронна пошта").fill(accounts.admin.email);
  await form.getByLabel("Пароль", { exact: true }).fill(accounts.admin.password);
  await form.getByRole("button", { name: "Увійти" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await visit("/cabinet");
  await visit("/dashboard");
  return problems;
}

test.describe("console errors @js-only", () => {
  test("none on the production server", async ({ page }) => {
    expect(await visitMainPages(page, baseURL)).toEqual([]);
  });

  test.describe("under npm run dev", () => {
    let child: ChildProcess;
    let output = "";
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-console-dev-"));
    const devPort = ports.devServer;

    test.beforeAll(async () => {
      test.setTimeout(300_000);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(devPort),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_DEMO: "yes",
        DEMO_PASSWORD: demoPassword,
        NO_COLOR: "1",
      };
      delete env.DATABASE_URL;
      delete env.PUBLIC_URL;
      delete env.FORCE_COLOR;
      child = spawn(process.execPath, ["scripts/dev.ts"], { cwd: root, env, stdio: ["pipe", "pipe", "pipe"] });
      child.stdout!.on("data", (chunk) => (output += chunk));
      child.stderr!.on("data", (chunk) => (output += chunk));
      await expect.poll(() => output, { timeout: 280_000 }).toContain(`http://127.0.0.1:${devPort}`);
    });

    test.afterAll(async () => {
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    test("none on the main pages", async ({ page }) => {
      test.setTimeout(300_000);
      expect(await visitMainPages(page, `http://127.0.0.1:${devPort}`)).toEqual([]);
      expect(output).not.toMatch(/Outdated Optimize Dep|optimized dependencies changed/);
    });
  });
});
