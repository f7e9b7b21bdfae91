// Adverts in the browser, with JavaScript on and off: posting with photos, a refused
// submit that keeps its photo, refused files, the cabinet (edit, remove a photo, sold),
// ownership, the advert page (phone, email, report, lightbox) and the list's filters.
import type { Page } from "@playwright/test";
import { bombPngBytes } from "../support/images.ts";
import sharp from "sharp";
import { test, expect } from "./support/fixtures.ts";
import { seededCardLinks } from "./support/content.ts";
import { uniqueText } from "./support/unique.ts";

const L = {
  uk: {
    prefix: "",
    title: "Заголовок",
    category: "Категорія",
    city: "Місто",
    description: "Опис",
    amount: "Сума",
    currency: "Валюта",
    publish: "Опублікувати оголошення",
    save: "Зберегти зміни",
    cabinet: "Мої оголошення",
    edit: "Редагувати",
    remove: "Видалити це фото",
    sold: "Позначити проданим",
    soldBadge: "Продано",
    published: "Оголошення опубліковано.",
    priceError: "Введіть суму числом",
  },
  en: {
    prefix: "/us",
    title: "Title",
    category: "Category",
    city: "City",
    description: "Description",
    amount: "Amount",
    currency: "Currency",
    publish: "Publish advert",
    save: "Save changes",
    cabinet: "My adverts",
    edit: "Edit",
    remove: "Remove this photo",
    sold: "Mark as sold",
    soldBadge: "Sold",
    published: "Your advert is published.",
    priceError: "Enter the amount as a number",
  },
} as const;

async function jpeg(name: string, color: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

function bombPng() {
  return { name: "bomb.png", mimeType: "image/png", buffer: bombPngBytes() };
}

async function fillAdvert(page: Page, strings: (typeof L)[keyof typeof L], title: string, amount = "1250") {
  await page.getByLabel(strings.title, { exact: false }).first().fill(title);
  await page.getByLabel(strings.category).selectOption({ index: 5 });
  await page.getByLabel(strings.city).selectOption({ index: 1 });
  await page.getByLabel(strings.description).fill("Велосипед у доброму стані, нові гальма, самовивіз з центру.");
  await page.getByLabel(strings.amount, { exact: true }).fill(amount);
  await page.getByLabel(strings.currency).selectOption("PLN");
}

test.describe("adverts", () => {
  // Uploads and full form round trips on a shared 2-core machine: more time than a page view.
  test.describe.configure({ timeout: 120_000 });

  for (const locale of ["uk", "en"] as const) {
    test(`${locale}: post with two photos, find it, edit it, remove a photo, mark it sold`, async ({ page, login }) => {
      const S = L[locale];
      await login("user");
      await page.goto(`${S.prefix}/dodaty-ogoloshennya`);
      const title = uniqueText(locale === "uk" ? "Велосипед міський" : "City bike");
      await fillAdvert(page, S, title);
      await page.locator("#newPhotos").setInputFiles([await jpeg("one.jpg", "#c33"), await jpeg("two.jpg", "#36c")]);
      await page.getByRole("button", { name: S.publish }).click();

      await expect(page).toHaveURL((url) => url.pathname === `${S.prefix}/cabinet/advertisement`);
      await expect(page.getByText(S.published)).toBeVisible();
      const row = page.getByRole("article", { name: title });
      await expect(row).toBeVisible();

      await page.goto(`${S.prefix}/advertisement`);
      await expect(page.getByRole("link", { name: title })).toBeVisible();

      await page.goto(`${S.prefix}/cabinet/advertisement`);
      await page.getByRole("article", { name: title }).getByRole("link", { name: S.edit }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".photo-field__item")).toHaveCount(2);
      await page.getByRole("checkbox", { name: S.remove }).nth(1).check();
      const edited = `${title} (2)`;
      await page.getByLabel(S.title, { exact: false }).first().fill(edited);
      await page.getByRole("button", { name: S.save }).click();
      await expect(page).toHaveURL((url) => url.pathname === `${S.prefix}/cabinet/advertisement`);

      const editedRow = page.getByRole("article", { name: edited });
      await editedRow.getByRole("link", { name: edited }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(edited);
      await expect(page.locator(".gallery__main img")).toHaveCount(1);
      await expect(page.locator(".gallery__thumbs")).toHaveCount(0);

      await page.goto(`${S.prefix}/cabinet/advertisement`);
      await page.getByRole("article", { name: edited }).getByRole("button", { name: S.sold }).click();
      await expect(page.getByRole("article", { name: edited }).locator(".status-badge")).toHaveText(S.soldBadge);
    });
  }

  test("an invalid price with a valid photo comes back with the message and the photo attached", async ({ page, login }) => {
    const S = L.uk;
    await login("editor");
    await page.goto("/cabinet/add-advertisement");
    const title = uniqueText("Дитяче крісло");
    await fillAdvert(page, S, title, "дорого");
    await page.locator("#newPhotos").setInputFiles([await jpeg("chair.jpg", "#6a3")]);
    await page.getByRole("button", { name: S.publish }).click();
    // With JS the browser checks first: the message shows before anything is sent.
    await expect(page.getByText(S.priceError)).toBeVisible();
    await expect(page.getByLabel(S.title, { exact: false }).first()).toHaveValue(title);
    await expect(page.locator(".photo-field__item img")).toHaveCount(1);

    await page.getByLabel(S.amount, { exact: true }).fill("300");
    await page.getByRole("button", { name: S.publish }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/cabinet/advertisement");
    await page.getByRole("article", { name: title }).getByRole("link", { name: title }).click();
    await expect(page.locator(".gallery__main img")).toHaveCount(1);
  });

  test("with JS, chosen photos are previewed, reordered and removed before sending @js-only", async ({ page, login }) => {
    await login("editor");
    await page.goto("/cabinet/add-advertisement");
    const title = uniqueText("Фото по порядку");
    await fillAdvert(page, L.uk, title);
    await page.locator("#newPhotos").setInputFiles([await jpeg("red.jpg", "#e00"), await jpeg("blue.jpg", "#00e")]);
    await page.locator("#newPhotos").setInputFiles([await jpeg("green.jpg", "#0c0")]);
    await expect(page.locator(".photo-field__item img")).toHaveCount(3);
    await page.getByRole("button", { name: "Перемістити фото 2 ближче до початку" }).click();
    await expect(page.locator('input[name="photoOrder"]')).toHaveValue("n0,n1,n2");
    await expect(page.locator(".photo-field__item img").first()).toHaveAttribute("alt", "Нове фото blue.jpg");
    await page.locator(".photo-field__item").nth(2).getByRole("button", { name: "Видалити це фото" }).click();
    await expect(page.locator(".photo-field__item img")).toHaveCount(2);
    await page.getByRole("button", { name: L.uk.publish }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/cabinet/advertisement");
    await page.getByRole("article", { name: title }).getByRole("link", { name: title }).click();
    await expect(page.locator(".gallery__thumbs img")).toHaveCount(1);
    // The cover is the photo moved first: blue.
    const cover = await page.request.get((await page.locator(".gallery__main").getAttribute("href"))!);
    const { channels } = await sharp(await cover.body()).stats();
    expect(channels[2]!.mean).toBeGreaterThan(channels[0]!.mean + 100);
  });

  test("the server refuses an invalid price, keeping the stored photo in a hidden field @no-js-only", async ({ page, login }) => {
    const S = L.uk;
    await login("editor");
    await page.goto("/cabinet/add-advertisement");
    await fillAdvert(page, S, uniqueText("Стілець"), "дорого");
    await page.locator("#newPhotos").setInputFiles([await jpeg("chair.jpg", "#6a3")]);
    await page.getByRole("button", { name: S.publish }).click();
    await expect(page.getByText(S.priceError)).toBeVisible();
    await expect(page.locator('input[type="hidden"][name="photos"]')).toHaveCount(1);
    await expect(page.locator(".photo-field__item img")).toHaveAttribute("src", /^\/uploads\/images\/.+-320\.webp$/);
  });

  test("a file over 10 MB, a text file named .jpg and a 20000x20000 PNG are refused with a message", async ({ page, login }) => {
    const withJs = test.info().project.name === "js";
    await login("editor");
    await page.goto("/dodaty-ogoloshennya");
    const files = [
      // One byte over the 10 MB limit: a bigger file only costs the suite time to send.
      { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
      { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") },
      bombPng(),
    ];
    for (const file of files) {
      await page.goto("/dodaty-ogoloshennya");
      await fillAdvert(page, L.uk, uniqueText("Файл"));
      await page.locator("#newPhotos").setInputFiles([file]);
      if (withJs && file.name === "huge.jpg") {
        // The browser refuses it at once, before anything is sent.
        await expect(page.locator(".photo-field .field__error")).toContainText(file.name);
        await expect(page.locator(".photo-field__item")).toHaveCount(0);
        continue;
      }
      // The form's own post: the page's visit beacon is a POST too.
      const response = page.waitForResponse(
        (r) => r.request().method() === "POST" && /^\/dodaty-ogoloshennya(\.data)?$/.test(new URL(r.url()).pathname),
      );
      await page.getByRole("button", { name: L.uk.publish }).click();
      expect((await response).status()).toBe(400);
      await expect(page.locator(".photo-field .field__error")).toContainText(file.name);
      await expect(page.locator(".photo-field__item")).toHaveCount(0);
    }
  });

  test("another user's /cabinet/edit/{id} is a 404, and a POST to it changes nothing", async ({ page, login }) => {
    await login("user");
    await page.goto("/cabinet/advertisement");
    const edit = page.locator('a[href^="/cabinet/edit/"]').first();
    const href = (await edit.getAttribute("href"))!;
    const title = (await page.locator(".cabinet-advert__title").first().innerText()).trim();
    await page.goto("/");
    await page.context().clearCookies();
    await login("editor");
    const response = await page.goto(href);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Сторінку не знайдено");
    const post = await page.request.post(href, {
      multipart: { title: "Захоплено чужим", categoryId: "1", description: "x".repeat(30), contactName: "x", email: "x@example.test" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(post.status()).toBe(404);
    await page.context().clearCookies();
    await login("user");
    await page.goto("/cabinet/advertisement");
    await expect(page.locator(".cabinet-advert__title").first()).toHaveText(title);
  });

  test("the advert page: show phone without JS or with it, and report it", async ({ page }) => {
    await page.goto("/advertisement/category/orenda-kvartyr");
    await page.getByRole("link", { name: "Здам 2-кімнатну квартиру біля центру" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Здам 2-кімнатну квартиру біля центру");
    await page.getByRole("button", { name: "Показати телефон" }).click();
    await expect(page.getByRole("link", { name: "+48 602 111 222" })).toBeVisible();

    await page.locator("summary", { hasText: "Поскаржитися" }).click();
    await page.getByRole("radio", { name: "Шахрайство" }).check();
    await page.getByLabel("Повідомлення").fill("Просить передоплату на картку.");
    await page.getByRole("button", { name: "Надіслати скаргу" }).click();
    await expect(page.getByText("Дякуємо! Скаргу отримано")).toBeVisible();
  });

  test("the advert page: the seller's email only behind 'Show email', in neither the page nor its data", async ({ page }) => {
    await page.goto("/advertisement/category/orenda-kvartyr");
    await page.getByRole("link", { name: "Здам 2-кімнатну квартиру біля центру" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Здам 2-кімнатну квартиру біля центру");
    const path = new URL(page.url()).pathname;
    const html = await (await page.request.get(path)).text();
    const data = await (await page.request.get(`${path}.data`)).text();
    expect(html).toContain("Показати ел. пошту");
    expect(data).toContain("Здам 2-кімнатну квартиру біля центру");
    for (const body of [html, data]) expect(body).not.toContain("ownerId");
    await expect(page.locator(".contact-block a[href^='mailto:']")).toHaveCount(0);

    await page.getByRole("button", { name: "Показати ел. пошту" }).click();
    const link = page.locator("a.contact-block__email");
    await expect(link).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+$/);
    const email = (await link.textContent())!.trim();
    expect(email).toMatch(/@/);
    // The address the post answered with was in neither the page nor its data.
    for (const body of [html, data]) expect(body).not.toContain(email);
    // The phone is still behind its own button.
    await expect(page.getByRole("button", { name: "Показати телефон" })).toBeVisible();
  });

  test("a report without a reason is refused with a message @no-js-only", async ({ page }) => {
    await page.goto("/advertisement/category/orenda-kvartyr");
    await page.getByRole("link", { name: "Здам 2-кімнатну квартиру біля центру" }).click();
    await page.locator("summary", { hasText: "Поскаржитися" }).click();
    await page.getByLabel("Повідомлення").fill("Щось не так");
    await page.getByRole("button", { name: "Надіслати скаргу" }).click();
    await expect(page).toHaveURL(/\/report\?type=advertisement&id=\d+$/);
    await expect(page.getByText("Оберіть причину.")).toBeVisible();
    await expect(page.getByLabel("Повідомлення")).toHaveValue("Щось не так");
  });

  test("photos open full size: plain links without JS @no-js-only", async ({ page }) => {
    await page.goto("/advertisement/category/orenda-kvartyr");
    await page.getByRole("link", { name: "Здам 2-кімнатну квартиру біля центру" }).click();
    await expect(page.locator(".gallery__main")).toHaveAttribute("href", /\/uploads\/images\/.+\.webp$/);
  });

  test("photos open in a lightbox with zoom and next/previous @js-only", async ({ page }) => {
    await page.goto("/advertisement/category/orenda-kvartyr");
    // Opened with goto, which waits for the app: a click on the card can be a full page load
    // (the list still plain HTML), after which a photo clicked before any script came opens its file.
    const advert = await page.getByRole("link", { name: "Здам 2-кімнатну квартиру біля центру" }).getAttribute("href");
    await page.goto(advert!);
    await page.locator(".gallery__main").click();
    const dialog = page.getByRole("dialog", { name: "Перегляд фото" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("1 з 2")).toBeVisible();
    await dialog.getByRole("button", { name: "Збільшити" }).click();
    await expect(dialog.getByRole("button", { name: "Початковий масштаб" })).toHaveText("112%");
    await dialog.getByRole("button", { name: "Наступне фото" }).click();
    await expect(dialog.getByText("2 з 2")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the list filters by place, price and photos through the URL", async ({ page }) => {
    await page.goto("/us/advertisement");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Classifieds");
    await page.getByLabel("Place", { exact: true }).selectOption("krakiv");
    await page.getByLabel("With photos only").check();
    await page.getByLabel("Sort by", { exact: true }).selectOption("cheapest");
    await page.getByRole("button", { name: "Show" }).click();
    // Empty fields are dropped from the address.
    await expect(page).toHaveURL(/\/us\/advertisement\?near=krakiv&sort=cheapest&photos=1$/);
    // The list (and the filter form, rebuilt for the applied query) has arrived: the summary
    // counts place and photos. A choice made before that would be reset by the rebuild.
    await expect(page.locator(".advert-filters-box__toggle")).toHaveText("Filters (2)");
    await expect(page.getByLabel("Place", { exact: true })).toHaveValue("krakiv");
    const count = await page.locator("main .content-grid .advert-card").count();
    expect(count).toBeGreaterThan(0);
    await page.getByLabel("Category", { exact: true }).selectOption("transport");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/us\/advertisement\/category\/transport\?near=krakiv&sort=cheapest&photos=1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicles");
  });

  test("adverts join the home page, sitemap.xml, the RSS feed and search; staff items carry the report form", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Нові оголошення" });
    await expect(section.locator(".content-grid > li").first()).toBeVisible();
    await section.getByRole("link", { name: "Усі оголошення" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/advertisement");

    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/advertisement\/zdam-2-kimnatnu-kvartyru-bilia-tsentru-[a-z0-9]+<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/us\/advertisement\/category\/robota<\/loc>/);
    const feed = await page.request.get("/us/advertisement/rss.xml");
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
    expect(await feed.text()).toContain("Basement apartment near Jane station");

    await page.goto("/search/advertisement?q=велосипед");
    await expect(page.locator(".search-results a").first()).toBeVisible();

    await page.goto("/novyny");
    await seededCardLinks(page).first().click();
    await page.locator("summary", { hasText: "Поскаржитися" }).click();
    await page.getByRole("radio", { name: "Спам або реклама" }).check();
    await page.getByRole("button", { name: "Надіслати скаргу" }).click();
    await expect(page.getByText("Дякуємо! Скаргу отримано")).toBeVisible();
    await expect(page).toHaveURL(/\/novyny\/[a-z0-9-]+$/);
  });
});
