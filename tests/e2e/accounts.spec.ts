// Accounts in the browser, with JavaScript on and off, in both locales: register, mail,
// verify, sign in, cabinet, sign out; forgot password; wrong password; guards and redirects.
import { test, expect } from "./support/fixtures.ts";
import { accounts, baseURL } from "./support/env.ts";
import { nextMailLink } from "./support/outbox.ts";
import { signInWithForm } from "./support/sign-in.ts";
import { uniqueEmail } from "./support/unique.ts";

const LOCALES = {
  uk: {
    prefix: "",
    email: "Електронна пошта",
    password: "Пароль",
    name: "Ім'я",
    newPassword: "Новий пароль",
    register: "Зареєструватися",
    signIn: "Увійти",
    signOut: "Вийти",
    forgot: "Надіслати посилання",
    saveNew: "Зберегти новий пароль",
    checkInbox: "Перевірте пошту",
    verified: "Адресу підтверджено",
    toLogin: "Перейти до входу",
    cabinet: "Мій кабінет",
    wrong: "Неправильна електронна пошта або пароль.",
    prompt: "Введіть пароль",
    strong: "Надійний",
  },
  en: {
    prefix: "/us",
    email: "Email",
    password: "Password",
    name: "Name",
    newPassword: "New password",
    register: "Create account",
    signIn: "Sign in",
    signOut: "Sign out",
    forgot: "Send the link",
    saveNew: "Save the new password",
    checkInbox: "Check your inbox",
    verified: "Email confirmed",
    toLogin: "Go to sign in",
    cabinet: "My account",
    wrong: "Wrong email or password.",
    prompt: "Enter a password",
    strong: "Strong",
  },
} as const;

function path(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

for (const [language, L] of Object.entries(LOCALES)) {
  test.describe(`accounts (${language})`, () => {
    test("register, mail, verify, sign in, cabinet, sign out", async ({ page, javaScriptEnabled }, testInfo) => {
      const email = uniqueEmail("register", testInfo.project.name);
      await page.goto(`${L.prefix}/login`);
      const register = page.locator("form#register");
      await register.getByLabel(L.name).fill("E2E Person");
      await register.getByLabel(L.email).fill(email);
      await register.getByLabel(L.password, { exact: true }).fill("Strong-pass-2026");
      // The meter follows typing with JS; without it, the prompt stays.
      await expect(register.locator(".password-strength__label")).toContainText(javaScriptEnabled ? L.strong : L.prompt);
      await register.getByRole("button", { name: L.register }).click();

      await expect(page).toHaveURL(`${baseURL}${L.prefix}/verify-request?sent=register`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(L.checkInbox);

      const link = await nextMailLink(email);
      expect(path(link)).toMatch(new RegExp(`^${L.prefix}/verify-request\\?token=`));
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(L.verified);

      // A guarded page sends us to sign in, and back afterwards.
      await page.goto(`${L.prefix}/cabinet`);
      await expect(page).toHaveURL(`${baseURL}${L.prefix}/login?redirect=${encodeURIComponent(`${L.prefix}/cabinet`)}`);
      await signInWithForm(page, { email, password: "Strong-pass-2026" }, { words: L, open: false });
      await expect(page).toHaveURL(`${baseURL}${L.prefix}/cabinet`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(L.cabinet);
      await expect(page.locator("main")).toContainText(email);

      await page.getByRole("button", { name: L.signOut }).click();
      await expect(page).toHaveURL(`${baseURL}${L.prefix || "/"}`);
      await expect(page.locator("header").getByRole("link", { name: L.signIn })).toBeVisible();
      await page.goto(`${L.prefix}/cabinet`);
      await expect(page).toHaveURL(new RegExp(`${L.prefix}/login\\?redirect=`));
    });

    test("forgot password, mail, new password, sign in", async ({ page }, testInfo) => {
      // An account of our own: the new password must not disturb the demo accounts.
      const email = uniqueEmail("reset", testInfo.project.name);
      await page.goto(`${L.prefix}/login`);
      const register = page.locator("form#register");
      await register.getByLabel(L.email).fill(email);
      await register.getByLabel(L.password, { exact: true }).fill("first-pass-2026");
      await register.getByRole("button", { name: L.register }).click();
      await expect(page).toHaveURL(/verify-request\?sent=register/);

      await page.goto(`${L.prefix}/login#forgot-password`);
      const forgot = page.locator("form#forgot");
      await forgot.getByLabel(L.email).fill(email);
      await forgot.getByRole("button", { name: L.forgot }).click();
      await expect(page).toHaveURL(`${baseURL}${L.prefix}/verify-request?sent=reset`);

      const link = await nextMailLink(email, 1);
      await page.goto(link);
      const reset = page.locator("form#reset");
      await reset.getByLabel(L.newPassword, { exact: true }).fill("second-pass-2026");
      await reset.getByRole("button", { name: L.saveNew }).click();
      await expect(page).toHaveURL(`${baseURL}${L.prefix}/login`);

      await signInWithForm(page, { email, password: "first-pass-2026" }, { words: L, open: false });
      await expect(page.locator("form#signin")).toContainText(L.wrong);
      await signInWithForm(page, { email, password: "second-pass-2026" }, { words: L, open: false });
      await expect(page).toHaveURL(`${baseURL}${L.prefix}/cabinet`);
      await expect(page.getByRole("button", { name: L.signOut })).toBeVisible();
    });

    test("a wrong password shows the message at the form and keeps the email", async ({ page, javaScriptEnabled }) => {
      await page.goto(`${L.prefix}/login`);
      const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/login"));
      await signInWithForm(page, { email: accounts.user.email, password: "not-the-password-1" }, { words: L, open: false });
      expect([400, 401]).toContain((await response).status());
      const form = page.locator("form#signin");
      await expect(form.getByRole("alert")).toHaveText(L.wrong);
      await expect(form.getByLabel(L.email)).toHaveValue(accounts.user.email);
      // The server never sends a password back (with JS the browser keeps what was typed).
      if (!javaScriptEnabled) await expect(form.getByLabel(L.password, { exact: true })).toHaveValue("");
    });
  });
}

test("a sign-in slowed down answers 429 with Retry-After, with JS and without", async ({ page }, testInfo) => {
  // An account nobody has: its failures are counted like anyone's, and disturb no other test.
  const email = uniqueEmail("slowed", testInfo.project.name);
  await page.goto("/us/login");
  const answers: Array<{ status: number; retryAfter: string | null }> = [];
  page.on("response", async (response) => {
    if (response.request().method() === "POST" && response.url().includes("/login"))
      answers.push({ status: response.status(), retryAfter: await response.headerValue("Retry-After") });
  });
  // Five failures for an account from one address are evaluated at once; the sixth waits.
  for (let attempt = 1; attempt <= 6; attempt++) {
    await signInWithForm(page, { email, password: `not-the-password-${attempt}` }, { words: LOCALES.en, open: false });
    await expect.poll(() => answers.length).toBe(attempt);
  }
  expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
  expect(Number(answers[5]!.retryAfter)).toBeGreaterThan(0);
  await expect(page.locator("form#signin").getByRole("alert")).toContainText("Too many attempts");
});

test.describe("guards and redirects", () => {
  const L = LOCALES.en;

  test("a guarded page keeps the /us prefix and the query, and sign-in lands there", async ({ page }) => {
    await page.goto("/us/cabinet?tab=profile");
    await expect(page).toHaveURL(`${baseURL}/us/login?redirect=${encodeURIComponent("/us/cabinet?tab=profile")}`);
    await signInWithForm(page, "user", { words: L, open: false });
    await expect(page).toHaveURL(`${baseURL}/us/cabinet?tab=profile`);
  });

  test("every guarded route sends anonymous visitors to sign in", async ({ page }) => {
    for (const target of [
      "/cabinet",
      "/us/cabinet/advertisement",
      "/cabinet/edit/1",
      "/dodaty-ogoloshennya",
      "/us/dodaty-ogoloshennya",
      "/dashboard",
      "/us/dashboard/news/new-page",
    ]) {
      await page.goto(target);
      const locale = target.startsWith("/us") ? "/us" : "";
      await expect(page).toHaveURL(`${baseURL}${locale}/login?redirect=${encodeURIComponent(target)}`);
    }
  });

  for (const evil of ["https://evil.example", "//evil.example", "javascript:alert(1)"]) {
    test(`after sign-in from redirect=${evil} the user lands in the cabinet`, async ({ page }) => {
      await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
      await signInWithForm(page, "user", { words: LOCALES.uk, open: false });
      await expect(page).toHaveURL(`${baseURL}/cabinet`);
    });
  }

  for (const [who, landing] of [
    ["admin", "/dashboard"],
    ["editor", "/dashboard"],
    ["user", "/cabinet"],
  ] as const) {
    test(`without a target, the ${who} lands on ${landing}`, async ({ page }) => {
      await page.goto("/us/login");
      await signInWithForm(page, who, { words: L, open: false });
      await expect(page).toHaveURL(`${baseURL}/us${landing}`);
      await expect(page.getByRole("button", { name: L.signOut })).toBeVisible();
    });
  }

  test("a signed-in user without the role gets a 403 page in the shell", async ({ page }) => {
    await page.goto("/us/login");
    await signInWithForm(page, "user", { words: L, open: false });
    await expect(page).toHaveURL(`${baseURL}/us/cabinet`);
    const response = await page.goto("/us/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.locator("header.site-header")).toBeVisible();
    await expect(page.locator(".error-page__code")).toHaveText("403");
  });
});
