// Favourites and saved searches in the browser, with JavaScript on and off, in both locales:
// a signed-out "Save" goes through sign-in and comes back saved; the cabinet lists and removes
// favourites; a filtered list is saved as a search, given daily alerts and deleted.
// The js and no-js projects may run at once: each signs in as its own demo account.
import type { TestInfo } from "@playwright/test";
import { test, expect } from "./support/fixtures.ts";
import { signInWithForm } from "./support/sign-in.ts";

const L = {
  uk: {
    prefix: "",
    email: "Електронна пошта",
    password: "Пароль",
    signIn: "Увійти",
    save: "Зберегти",
    saved: "Збережено",
    favourites: "Обране",
    noFavourites: "Ви ще нічого не зберегли",
    unsaved: "Оголошення прибрано з обраного.",
    saveSearch: "Зберегти цей пошук",
    searchName: "Назва пошуку",
    submitSearch: "Зберегти пошук",
    searchSaved: "Пошук збережено",
    savedSearches: "Збережені пошуки",
    alert: "Сповіщення поштою",
    daily: "Раз на день",
    setAlert: "Змінити сповіщення",
    alertSet: "Надсилатимемо огляд нових оголошень раз на день.",
    remove: "Видалити",
    removed: "Пошук видалено.",
    noSearches: "Збережених пошуків ще немає",
  },
  en: {
    prefix: "/us",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    save: "Save",
    saved: "Saved",
    favourites: "Favourites",
    noFavourites: "You have not saved anything yet",
    unsaved: "Advert removed from your favourites.",
    saveSearch: "Save this search",
    searchName: "Search name",
    submitSearch: "Save search",
    searchSaved: "Search saved",
    savedSearches: "Saved searches",
    alert: "Mail alerts",
    daily: "Once a day",
    setAlert: "Change alerts",
    alertSet: "We will mail a digest of new adverts once a day.",
    remove: "Delete",
    removed: "Search deleted.",
    noSearches: "No saved searches yet",
  },
} as const;

const ADVERT = "Здам 2-кімнатну квартиру біля центру";

function accountFor(testInfo: TestInfo) {
  return testInfo.project.name === "no-js" ? "editor" : "user";
}

for (const [locale, S] of Object.entries(L)) {
  test.describe(locale, () => {
    test(`${locale}: a signed-out save goes through sign-in; the cabinet lists and removes it`, async ({ page }, testInfo) => {
      await page.goto(`${S.prefix}/advertisement/category/orenda-kvartyr`);
      await page.getByRole("link", { name: ADVERT }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(ADVERT);
      const article = page.locator("article.advert-item");
      await article.getByRole("button", { name: new RegExp(`^${S.save}`) }).click();

      await expect(page).toHaveURL((url) => url.pathname === `${S.prefix}/login`);
      await signInWithForm(page, accountFor(testInfo), { words: S, open: false });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(ADVERT);
      await expect(article.getByRole("button", { name: new RegExp(`^${S.saved}`) })).toHaveAttribute("aria-pressed", "true");

      await page.goto(`${S.prefix}/cabinet/favourites`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(S.favourites);
      const card = page.locator(".favourites-list__item", { has: page.getByRole("link", { name: ADVERT }) });
      await expect(card).toHaveCount(1);
      // Without JS the server redirects back; with JS the toggle flips at once, before the
      // server has answered: the reload below must wait for that answer, not for the flip.
      const answered = page.waitForResponse(
        (response) => response.request().method() === "POST" && /^\/favourites(\.data)?$/.test(new URL(response.url()).pathname),
      );
      await card.getByRole("button", { name: new RegExp(`^${S.saved}`) }).click();
      await answered;
      await expect(card.getByRole("button", { name: new RegExp(`^${S.save}`) }).or(page.getByText(S.noFavourites))).toBeVisible();
      // In the page's language: a toast in place with JS, the notice after the redirect without.
      await expect(page.getByText(S.unsaved)).toBeVisible();
      await page.goto(`${S.prefix}/cabinet/favourites`);
      await expect(page.getByRole("link", { name: ADVERT })).toHaveCount(0);
    });

    test(`${locale}: save a filtered list as a search, set daily alerts, delete it`, async ({ page, login }, testInfo) => {
      const name = `Краків ${testInfo.project.name} ${locale}`;
      await login(accountFor(testInfo));
      await page.goto(`${S.prefix}/advertisement?location=krakiv`);

      await page.locator("summary", { hasText: S.saveSearch }).click();
      await page.getByLabel(S.searchName).fill(name);
      await page.getByRole("button", { name: S.submitSearch }).click();
      await expect(page.getByText(S.searchSaved)).toBeVisible();

      await page.goto(`${S.prefix}/cabinet/saved-searches`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(S.savedSearches);
      const row = page.locator("article", { has: page.getByRole("heading", { name }) });
      await row.getByLabel(S.alert).selectOption("daily");
      await row.getByRole("button", { name: S.setAlert }).click();
      await expect(page.getByText(S.alertSet)).toBeVisible();
      await expect(page.locator("article", { has: page.getByRole("heading", { name }) }).getByLabel(S.alert)).toHaveValue("daily");

      // Saved from the older `?location=`, it opens as `?near=` (the city itself, no radius).
      await page.getByRole("link", { name }).click();
      await expect(page).toHaveURL((url) => url.pathname === `${S.prefix}/advertisement` && url.search === "?near=krakiv");

      await page.goto(`${S.prefix}/cabinet/saved-searches`);
      await page
        .locator("article", { has: page.getByRole("heading", { name }) })
        .getByRole("button", { name: S.remove })
        .click();
      await expect(page.getByText(S.removed)).toBeVisible();
      await expect(page.getByRole("heading", { name })).toHaveCount(0);
    });
  });
}
