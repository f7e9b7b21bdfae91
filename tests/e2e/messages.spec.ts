// Private messages in the browser, with JS on and off: a buyer writes to a seller from the
// advert's page, the seller finds it unread in the inbox and replies, a third person (staff
// included) cannot open the thread nor its data, and a seller reports and blocks a buyer,
// whose next message is refused with its text kept while staff read the report.
import { test, expect } from "./support/fixtures.ts";
import { signInWithForm } from "./support/sign-in.ts";

const ADVERT_TITLE = "Дитяча коляска 2 в 1, синя"; // a demo advert of user@demo.local

test("a buyer writes from the advert's page, the seller replies, a third person gets 404", async ({ page, browser, login }, testInfo) => {
  // One conversation per advert and buyer: the two projects, running at once, write as two buyers.
  const [buyer, third] = testInfo.project.name === "js" ? (["editor", "admin"] as const) : (["admin", "editor"] as const);
  const question = `Чи ще продається коляска? (${testInfo.project.name} ${Date.now()})`;
  const answer = `Так, продається (${testInfo.project.name} ${Date.now()})`;

  // The signed-out visitor's sign-in link comes back to the form.
  await page.goto("/advertisement/category/dytiachi-rechi");
  await page.getByRole("link", { name: ADVERT_TITLE }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: ADVERT_TITLE })).toBeVisible();
  const signInLink = page.getByRole("link", { name: "Увійдіть, щоб написати продавцю" });
  const formPath = new URL((await signInLink.getAttribute("href"))!, page.url()).searchParams.get("redirect")!;
  expect(formPath).toMatch(/^\/cabinet\/messages\/new\?advert=\d+$/);
  await signInWithForm(page, buyer, { redirect: formPath });

  await page.getByLabel("Ваше повідомлення продавцю").fill(question);
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page).toHaveURL(/\/cabinet\/messages\/\d+$/);
  await expect(page.locator(".thread__message--mine").filter({ hasText: question })).toBeVisible();
  const threadPath = new URL(page.url()).pathname;

  // The seller, in a browser of their own.
  const sellerContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const seller = await sellerContext.newPage();
  await login("user", sellerContext);
  await seller.goto("/cabinet/messages");
  const row = seller.locator(".conversation").filter({ hasText: question.slice(0, 40) });
  await expect(row).toHaveClass(/conversation--unread/);
  await row.getByRole("link", { name: ADVERT_TITLE }).click();
  await expect(seller.locator(".thread__message").filter({ hasText: question })).toBeVisible();
  await seller.getByLabel("Відповідь").fill(answer);
  await seller.getByRole("button", { name: "Надіслати" }).click();
  await expect(seller.locator(".thread__message--mine").filter({ hasText: answer })).toBeVisible();
  await sellerContext.close();

  // The buyer sees the answer after a reload.
  await page.reload();
  await expect(page.locator(".thread__message").filter({ hasText: answer })).toBeVisible();

  // Staff are a third party here: the thread does not exist for them.
  const thirdContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const outsider = await thirdContext.newPage();
  await login(third, thirdContext);
  const response = await outsider.goto(threadPath);
  expect(response?.status()).toBe(404);
  // Nor its loader data, which client-side navigation would ask for.
  const data = await outsider.request.get(`${threadPath}.data`);
  expect(data.status()).toBe(404);
  expect(await data.text()).not.toContain(question);
  await thirdContext.close();
});

test("a seller reports and blocks a buyer: the report reaches staff with the messages, the buyer's next message is refused and kept", async ({
  page,
  browser,
  login,
}, testInfo) => {
  // The projects run at once: each writes as another buyer, about an advert no other test writes about.
  const [buyer, staffer] = testInfo.project.name === "js" ? (["editor", "admin"] as const) : (["admin", "editor"] as const);
  const question = `Скільки коштує заняття? (${testInfo.project.name} ${Date.now()})`;
  const refusedText = `Чому ви мене заблокували? (${testInfo.project.name} ${Date.now()})`;
  const advertTitle = "Репетитор з математики для школярів";

  await login(buyer);
  await page.goto("/advertisement/category/posluhy");
  await page.getByRole("link", { name: advertTitle }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: advertTitle })).toBeVisible();
  const advertPath = new URL(page.url()).pathname;
  await page.getByLabel("Ваше повідомлення продавцю").fill(question);
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page).toHaveURL(/\/cabinet\/messages\/\d+$/);
  const threadPath = new URL(page.url()).pathname;

  const sellerContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const seller = await sellerContext.newPage();
  await login("user", sellerContext);
  await seller.goto(threadPath);
  await seller.getByText("Поскаржитися на розмову").click();
  await seller.getByLabel("Причина").selectOption({ label: "Шахрайство" });
  await seller.getByRole("button", { name: "Надіслати скаргу" }).click();
  await expect(seller.getByText(/Дякуємо|вже поскаржилися/)).toBeVisible();
  await seller.getByRole("button", { name: "Заблокувати співрозмовника" }).click();
  await expect(seller.getByRole("button", { name: "Розблокувати" })).toBeVisible();

  // The buyer writes again from the advert's page: refused, told why, the text still in the field.
  await page.goto(advertPath);
  await page.getByLabel("Ваше повідомлення продавцю").fill(refusedText);
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page.getByText("Цю розмову заблоковано: повідомлення не буде надіслано.")).toBeVisible();
  await expect(page.getByLabel("Ваше повідомлення продавцю")).toHaveValue(refusedText);

  // Staff read the conversation in the reports queue, and only there.
  const staffContext = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const moderator = await staffContext.newPage();
  await login(staffer, staffContext);
  await moderator.goto("/dashboard/reports");
  await expect(moderator.locator(".dash-evidence").filter({ hasText: question })).toBeVisible();
  await staffContext.close();

  // Unblocked, the conversation goes on.
  await seller.getByRole("button", { name: "Розблокувати" }).click();
  await expect(seller.getByRole("button", { name: "Заблокувати співрозмовника" })).toBeVisible();
  await sellerContext.close();
});

test("an empty message is refused with a message beside the field", async ({ page, login }) => {
  await login("editor");
  await page.goto("/advertisement/category/dytiachi-rechi");
  await page.getByRole("link", { name: ADVERT_TITLE }).first().click();
  const field = page.getByLabel("Ваше повідомлення продавцю");
  await field.fill("   ");
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page.getByText("Напишіть повідомлення.")).toBeVisible();
  await expect(page.getByLabel("Ваше повідомлення продавцю")).toBeVisible();
});

test("with JS the header counts a new message and an open thread shows the answer, without a reload @js-only", async ({
  page,
  browser,
  login,
}) => {
  const question = `Ще можна забрати книжки? (live ${Date.now()})`;
  const answer = `Так, забирайте в суботу (live ${Date.now()})`;
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await login("user", sellerContext);
  await seller.goto("/cabinet");
  const badge = seller.locator(".account-menu__badge");
  const unreadBefore = (await badge.count()) ? Number(await badge.textContent()) : 0;

  // Only this test writes about this advert of user@demo.local, as the editor.
  await login("editor");
  await page.goto("/advertisement/category/viddam-bezkoshtovno");
  await page.getByRole("link", { name: "Віддам дитячі книжки українською" }).first().click();
  await page.getByLabel("Ваше повідомлення автору").fill(question);
  await page.getByRole("button", { name: "Надіслати" }).click();
  await expect(page).toHaveURL(/\/cabinet\/messages\/\d+$/);
  const threadPath = new URL(page.url()).pathname;

  // The seller's page, untouched, counts it within seconds.
  await expect(async () => expect(Number(await badge.textContent())).toBeGreaterThan(unreadBefore)).toPass({ timeout: 15_000 });

  await seller.goto(threadPath);
  await seller.getByLabel("Відповідь").fill(answer);
  await seller.getByRole("button", { name: "Надіслати" }).click();
  await expect(seller.locator(".thread__message--mine").filter({ hasText: answer })).toBeVisible();
  await sellerContext.close();

  // The buyer's open thread shows the answer by itself.
  await expect(page.locator(".thread__message").filter({ hasText: answer })).toBeVisible({ timeout: 15_000 });
});
