// The cabinet's documents in the browser, with JavaScript on and off: add one (a bad form first:
// the message at the field, the typed values kept), see it listed with the days left, edit its
// date, delete it. The js and no-js projects may run at once: each signs in as its own demo account.
import type { TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { uniqueText } from "./support/unique.ts";

function accountFor(testInfo: TestInfo) {
  return testInfo.project.name === "no-js" ? "editor" : "user";
}

/** The site's day (Europe/Warsaw) `days` from today, as a Ukrainian page's date field takes it. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
  const [y, m, d] = new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10).split("-");
  return `${d}.${m}.${y}`;
}

test("add a document, see the days left, edit its date and delete it", async ({ page, login }, testInfo) => {
  await login(accountFor(testInfo));
  await page.goto("/cabinet");
  await page.getByRole("link", { name: "Мої документи" }).first().click();
  await expect(page).toHaveURL(/\/cabinet\/documents$/);
  await expect(page.getByRole("heading", { level: 1, name: "Мої документи" })).toBeVisible();
  await expect(page.getByText("Не вписуйте сюди номерів документів")).toBeVisible();

  const label = uniqueText("Karta Polaka");
  const add = page.getByRole("region", { name: "Додати документ" });
  await add.getByLabel("Документ").selectOption({ label: "Інший документ" });
  await add.getByLabel("Дійсний до").fill(dayFromToday(45));
  await add.getByLabel("Примітка").fill("Записатися до воєводи");
  await add.getByRole("button", { name: "Додати" }).click();
  // "Other" needs its name: the message at the field, the date kept.
  await expect(add.getByText("Напишіть, що це за документ.")).toBeVisible();
  await expect(add.getByLabel("Дійсний до")).toHaveValue(dayFromToday(45));
  await add.getByLabel("Назва (для «Іншого»)").fill(label);
  await add.getByRole("button", { name: "Додати" }).click();
  await expect(page.getByText("Документ додано.")).toBeVisible();

  const item = page.getByRole("article", { name: label });
  await expect(item).toContainText("залишилося 45 днів");
  await expect(item).toContainText("Записатися до воєводи");

  await item.getByText("Змінити").click();
  await item.getByLabel("Дійсний до").fill(dayFromToday(10));
  await item.getByRole("button", { name: "Зберегти" }).click();
  await expect(page.getByText("Зміни збережено.")).toBeVisible();
  await expect(page.getByRole("article", { name: label })).toContainText("залишилося 10 днів");

  // The edit form folds away again with the saved values; the add form is empty again.
  await expect(page.getByRole("region", { name: "Додати документ" }).getByLabel("Примітка")).toHaveValue("");

  const reminders = page.getByRole("group", { name: "Нагадувати за" });
  await expect(reminders.getByLabel("90 днів")).toBeChecked();
  await expect(reminders.getByLabel("60 днів")).not.toBeChecked();
  await reminders.getByLabel("60 днів").check();
  await page.getByRole("button", { name: "Зберегти нагадування" }).click();
  await expect(page.getByText("Нагадування збережено.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Нагадувати за" }).getByLabel("60 днів")).toBeChecked();
  await page.getByRole("group", { name: "Нагадувати за" }).getByLabel("60 днів").uncheck();
  await page.getByRole("button", { name: "Зберегти нагадування" }).click();
  await expect(page.getByRole("group", { name: "Нагадувати за" }).getByLabel("60 днів")).not.toBeChecked();

  await page.getByRole("article", { name: label }).getByRole("button", { name: "Видалити" }).click();
  await expect(page.getByText("Документ видалено.")).toBeVisible();
  await expect(page.getByRole("article", { name: label })).toHaveCount(0);
});

test("the English page takes the date as mm/dd/yyyy", async ({ page, login }, testInfo) => {
  await login(accountFor(testInfo));
  await page.goto("/us/cabinet/documents");
  await expect(page.getByRole("heading", { level: 1, name: "My documents" })).toBeVisible();
  const [d, m, y] = dayFromToday(30).split(".");
  const add = page.getByRole("region", { name: "Add a document" });
  await add.getByLabel("Document", { exact: true }).selectOption({ label: "Visa" });
  await add.getByLabel("Valid until").fill(`${m}/${d}/${y}`);
  const note = uniqueText("Visa note");
  await add.getByLabel("Note", { exact: true }).fill(note);
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Document added.")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: note });
  await expect(item).toContainText("30 days left");
  await item.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document deleted.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: note })).toHaveCount(0);
});
