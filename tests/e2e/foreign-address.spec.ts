// The portal reached under an address other than its configured one. With PUBLIC_URL naming
// localhost, a post made at 127.0.0.1 is refused with a 403 page in the shell that says so and
// names PUBLIC_URL (with JavaScript: through the app's `.data` request, not a "500" page); with
// PUBLIC_URL unset, every loopback name of the port is the portal's own, so signing in works
// at 127.0.0.1. Each project starts its own servers, on ports of its own.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect } from "./support/fixtures.ts";
import { accounts, demoPassword, ports } from "./support/env.ts";

const root = path.resolve(import.meta.dirname, "../..");

type Server = { base: string; output: () => string; stop: () => Promise<void> };

// One embedded database per worker, migrated and seeded by the first server and opened by the
// second (a fresh one took minutes on a busy 2-core machine with the suite's own server seeding).
const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-foreign-address-"));
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(serverPort: number, env: NodeJS.ProcessEnv): Promise<Server> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(serverPort),
    DATA_DIR: dataDir,
    SEED_DEMO: "yes",
    DEMO_PASSWORD: demoPassword,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (!("PUBLIC_URL" in env)) delete childEnv.PUBLIC_URL;
  const child: ChildProcess = spawn(process.execPath, ["scripts/serve.ts"], { cwd: root, env: childEnv });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 280_000 }).toContain("Portal ready");
  return {
    base: `http://127.0.0.1:${serverPort}`,
    output: () => output,
    // Gracefully: the next server opens the same embedded database.
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Ports next to the suite's own, apart for each project (they may run at once). */
const portsFor = (project: string) =>
  project === "no-js" ? [ports.foreignAddressNoJsA, ports.foreignAddressNoJsB] : [ports.foreignAddressJsA, ports.foreignAddressJsB];

test.describe("PUBLIC_URL names localhost, the portal is opened at 127.0.0.1", () => {
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const [own] = portsFor(test.info().project.name);
    server = await startServer(own!, { PUBLIC_URL: `http://localhost:${own}` });
  });
  test.afterAll(async () => server?.stop());

  for (const [prefix, text] of [
    ["", { email: "Електронна пошта", password: "Пароль", submit: "Увійти", title: "Ця адреса не є адресою порталу" }],
    ["/us", { email: "Email", password: "Password", submit: "Sign in", title: "This address is not the portal's" }],
  ] as const) {
    test(`a sign-in gets the 403 page in the shell, in the page's language, naming PUBLIC_URL (${prefix || "/"})`, async ({ page }) => {
      const expected = new URL(server.base).port;
      await page.goto(`${server.base}${prefix}/login`);
      const form = page.locator("form#signin");
      await form.getByLabel(text.email).fill(accounts.user.email);
      await form.getByLabel(text.password, { exact: true }).fill("whatever-123");
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await form.getByRole("button", { name: text.submit }).click();
      expect((await answer).status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
      await expect(page.locator(".error-page")).toContainText("PUBLIC_URL");
      await expect(page.locator(".error-page")).toContainText(`http://localhost:${expected}`);
      await expect(page.locator(".error-page__code")).toHaveText("403");
      // The portal's shell: its header and footer are there.
      await expect(page.locator("header.site-header")).toBeVisible();
      await expect(page.locator("footer.site-footer")).toBeVisible();
      await expect(page.getByText("500")).toHaveCount(0);
      // Logged once a minute per origin: by this post or an earlier one (with JS, the visit beacon).
      expect(server.output()).toContain(`from ${server.base}: the portal's address is http://localhost:${expected}`);
    });
  }

  test("the consent form and the visit beacon get a 403 that says why, and one log line a minute per origin", async ({ page }) => {
    await page.goto(`${server.base}/novyny`);
    const refused = await page.request.post(`${server.base}/api/visitors/log`, {
      data: { path: "/novyny" },
      headers: { Origin: server.base },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("PUBLIC_URL");
    const consent = await page.request.post(`${server.base}/consent`, {
      form: { intent: "accept", returnTo: "/novyny" },
      headers: { Origin: server.base, Accept: "text/html", Referer: `${server.base}/novyny` },
    });
    expect(consent.status()).toBe(403);
    expect(await consent.text()).toMatch(/<h1>Ця адреса не є адресою порталу<\/h1>.*PUBLIC_URL/s);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes(`from ${server.base}:`));
    expect(lines).toHaveLength(1);
  });
});

test.describe("PUBLIC_URL unset, the portal is opened at 127.0.0.1", () => {
  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const [, own] = portsFor(test.info().project.name);
    server = await startServer(own!, {});
  });
  test.afterAll(async () => server?.stop());

  test("signing in works, and the start banner named the address the portal expects", async ({ page }) => {
    expect(server.output()).toContain(`http://localhost:${new URL(server.base).port}`);
    await page.goto(`${server.base}/login?redirect=%2Fcabinet`);
    const form = page.locator("form#signin");
    await form.getByLabel("Електронна пошта").fill(accounts.user.email);
    await form.getByLabel("Пароль", { exact: true }).fill(accounts.user.password);
    await form.getByRole("button", { name: "Увійти" }).click();
    await expect(page).toHaveURL(`${server.base}/cabinet`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(server.output()).not.toContain("Refused");
  });
});
