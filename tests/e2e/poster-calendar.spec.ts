// The posters' calendar in the browser, with JavaScript on and off: the lists offer the
// calendar of their filter to subscribe to, and an event page's "I'm going" goes through
// sign-in for a visitor and toggles for a signed-in user, the count following.
// The js and no-js projects may run at once: each marks its own event as its own account.
import type { TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";

const UK = {
  subscribe: "Підписатися на календар",
  webcal: "Підписатися в календарі",
  signIn: "Увійдіть, щоб відмітити «Я піду»",
  going: "Я піду",
  undo: "Передумав(-ла), не піду",
  youAreGoing: "Ви йдете.",
  nobody: "Поки ніхто не відмітився",
  one: "Іде 1 людина",
  flashGoing: "Ви йдете: нагадаємо листом напередодні.",
  flashUndone: "Позначку «Я піду» знято.",
};

/** A seeded upcoming event per project, so that the two runs never count each other's marks. */
function eventFor(testInfo: TestInfo) {
  return testInfo.project.name === "no-js"
    ? { category: "maister-klasy", title: "Майстер-клас з петриківського розпису", account: "editor" as const }
    : { category: "dlia-ditei", title: "Лялькова вистава «Рукавичка»", account: "user" as const };
}

test("a filtered posters list offers its calendar over webcal and https, and the calendar answers", async ({ page }) => {
  await page.goto("/poster/category/kontserty?location=varshava");
  const block = page.locator("details.subscribe");
  await block.getByText(UK.subscribe).click();
  const webcal = block.getByRole("link", { name: UK.webcal });
  await expect(webcal).toBeVisible();
  await expect(webcal).toHaveAttribute("href", /^webcal:\/\/[^/]+\/poster\/calendar\.ics\?category=kontserty&location=varshava$/);
  const plain = block.getByTestId("calendar-url");
  await expect(plain).toHaveAttribute("href", /^https?:\/\/[^/]+\/poster\/calendar\.ics\?category=kontserty&location=varshava$/);

  const url = new URL((await plain.getAttribute("href"))!);
  const response = await page.request.get(url.pathname + url.search);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = (await response.text()).replace(/\r\n /g, "");
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(text).toContain("SUMMARY:Благодійний концерт «Голоси надії»\r\n");
  expect(text).not.toContain("Лялькова вистава");
  expect((await page.request.get("/poster/calendar.ics?category=no-such-category")).status()).toBe(404);

  await page.goto("/us/poster?location=berlin");
  await expect(page.getByTestId("calendar-webcal")).toHaveAttribute(
    "href",
    /^webcal:\/\/[^/]+\/us\/poster\/calendar\.ics\?location=berlin$/,
  );
});

test("I'm going: a visitor is sent to sign in; a signed-in user marks and unmarks the event", async ({ page, login }, testInfo) => {
  const event = eventFor(testInfo);
  await page.goto(`/poster/category/${event.category}`);
  await page.getByRole("link", { name: event.title }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.title);
  const path = new URL(page.url()).pathname;
  const rsvp = page.locator("section.rsvp");
  await expect(rsvp.getByTestId("rsvp-count")).toHaveText(UK.nobody);
  await expect(rsvp.getByRole("link", { name: UK.signIn })).toHaveAttribute("href", `/login?redirect=${encodeURIComponent(path)}`);

  await page.goto(`/us${path}`);
  await expect(rsvp.getByRole("heading", { name: "Going?" })).toBeVisible();
  await expect(rsvp.getByRole("link", { name: "Sign in to say you're going" })).toHaveAttribute(
    "href",
    `/us/login?redirect=${encodeURIComponent(`/us${path}`)}`,
  );

  await login(event.account);
  await page.goto(path);
  await rsvp.getByRole("button", { name: UK.going }).click();
  await expect(page.getByText(UK.flashGoing)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(rsvp.getByText(UK.youAreGoing)).toBeVisible();
  await expect(rsvp.getByTestId("rsvp-count")).toHaveText(UK.one);
  await expect(rsvp.getByRole("button", { name: UK.undo })).toHaveAttribute("aria-pressed", "true");

  await rsvp.getByRole("button", { name: UK.undo }).click();
  await expect(page.getByText(UK.flashUndone)).toBeVisible();
  await expect(rsvp.getByText(UK.youAreGoing)).toHaveCount(0);
  await expect(rsvp.getByTestId("rsvp-count")).toHaveText(UK.nobody);
  await expect(rsvp.getByRole("button", { name: UK.going })).toHaveAttribute("aria-pressed", "false");
});
