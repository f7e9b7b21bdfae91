// The second sign-in factors in the browser: enrolling the authenticator app and signing in
// with a code (JS on and off), and passkeys with Chromium's virtual authenticator (JS only).
import { generate } from "otplib";
import { test, expect } from "./support/fixtures.ts";
import { baseURL, demoPassword, ports } from "./support/env.ts";
import { startPortalProcess, type PortalProcess } from "./support/portal-process.ts";
import { signInWithForm, SIGN_IN_WORDS } from "./support/sign-in.ts";
import { uniqueEmail } from "./support/unique.ts";

const W = SIGN_IN_WORDS.en;

const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test.describe("two-factor with an authenticator app", () => {
  test("enrol with the QR code's key, confirm, get ten recovery codes, then sign in with a code", async ({ page }, testInfo) => {
    const email = uniqueEmail("totp", testInfo.project.name);
    const password = "Strong-pass-2026";
    await page.goto("/us/login");
    const register = page.locator("form#register");
    await register.getByLabel("Name").fill("Two Factor");
    await register.getByLabel("Email").fill(email);
    await register.getByLabel("Password", { exact: true }).fill(password);
    await register.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/verify-request\?sent=register/);
    await signInWithForm(page, { email, password }, { words: W, redirect: "/us/cabinet/security" });

    await page.getByRole("button", { name: "Set up the authenticator app" }).click();
    await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
    // Shown in groups of four; the code below comes from the key as shown, spaces and all removed.
    const shown = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    const secret = shown.replaceAll(" ", "");
    const confirm = page.locator("form#totp-confirm");
    await confirm.getByLabel("Code from the app").fill("000000");
    await confirm.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.locator("form#totp-confirm")).toContainText("The code is wrong or has already been used");
    await page
      .locator("form#totp-confirm")
      .getByLabel("Code from the app")
      .fill(await codeAt(secret));
    await page.locator("form#totp-confirm").getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    await expect(page.getByText("Two-factor sign-in is on. Recovery codes left: 10.")).toBeVisible();
    await expect(page.getByTestId("totp-secret")).toHaveCount(0);

    // Signed out, the password alone opens nothing: the second step asks for a code.
    await page.context().clearCookies();
    await signInWithForm(page, { email, password }, { words: W });
    await expect(page).toHaveURL(`${baseURL}/us/login/two-factor`);
    await page.goto("/us/cabinet");
    await expect(page).toHaveURL(/\/us\/login\?redirect=/);
    await page.goto("/us/login/two-factor");
    await page.getByLabel("Code from the app").fill(await codeAt(secret, 30));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(`${baseURL}/us/cabinet`);
    await expect(page.locator("main")).toContainText(email);
  });
});

test.describe("passkeys", () => {
  test.describe.configure({ mode: "serial" });
  // Chrome refuses an IP address as the relying party: this server's public address is localhost.
  const PORT = ports.passkeys;
  const ORIGIN = `http://localhost:${PORT}`;
  let portal: PortalProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    portal = await startPortalProcess(PORT, "passkeys", { PUBLIC_URL: ORIGIN, SEED_DEMO: "yes", DEMO_PASSWORD: demoPassword });
  });
  test.afterAll(() => portal?.stop());

  test("add a passkey with the virtual authenticator, then sign in with it @js-only", async ({ page, context }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${ORIGIN}/us/login?redirect=${encodeURIComponent("/us/cabinet/security")}`);
    await signInWithForm(
      page,
      { email: "user@demo.local", password: demoPassword },
      { words: W, open: false, redirect: "/us/cabinet/security" },
    );
    // The suggested name is in the page's language and names this device.
    await expect(page.locator("#passkey-new-name")).toHaveValue("Passkey (Chrome on Linux)");
    await page.goto(`${ORIGIN}/cabinet/security`);
    await expect(page.locator("#passkey-new-name")).toHaveValue("Ключ доступу (Chrome на Linux)");
    await page.goto(`${ORIGIN}/us/cabinet/security`);
    await page.locator("#passkey-new-name").fill("Virtual key");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.locator(".passkey-list__item input[name=name]")).toHaveValue("Virtual key");

    await context.clearCookies();
    await page.goto(`${ORIGIN}/us/login`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(`${ORIGIN}/us/cabinet`);
    await expect(page.locator("main")).toContainText("user@demo.local");
  });
});
