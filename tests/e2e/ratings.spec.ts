// Ratings after a real exchange, with JS on and off: two people who wrote to each other (two
// messages each, seeded in the database) rate each other through the thread's form once the
// conversation is a day old (its start moved back 25 hours), a third person cannot, the
// seller page shows the rating, the rated person answers it, and a reader reports it.
// Needs PostgreSQL (DATABASE_URL, as CI sets): the spec writes the exchange into the server's
// database; on PGlite the server process holds it (tests/unit/ratings.test.ts covers the rules).
import { createHash, randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import type pg from "pg";
import { createCookie } from "react-router";
import { baseURL, sessionSecret } from "./support/env.ts";
import { withE2eDatabase } from "./support/sign-in.ts";
import { test, expect } from "./support/fixtures.ts";

const adminUrl = process.env.DATABASE_URL?.trim() || undefined;

type Person = { id: number; name: string; publicId: string; token: string };

/** A person with a three-day-old verified account and a session (as the login fixture makes one). */
async function person(client: pg.Client, name: string, stamp: string): Promise<Person> {
  const { rows } = await client.query<{ id: number; public_id: string }>(
    `insert into users (email, password_hash, name, email_verified_at, created_at)
     select $1, password_hash, $2, now(), now() - interval '3 days' from users where email = 'user@demo.local'
     returning id, public_id`,
    [`rating-${stamp}-${randomBytes(4).toString("hex")}@example.test`, name],
  );
  const token = randomBytes(32).toString("base64url");
  await client.query(
    `insert into sessions (id, user_id, expires_at, user_agent) values ($1, $2, now() + interval '1 day', 'e2e ratings')`,
    [createHash("sha256").update(token).digest("hex"), rows[0]!.id],
  );
  return { id: rows[0]!.id, name, publicId: rows[0]!.public_id, token };
}

async function signIn(context: BrowserContext, who: Person) {
  const header = await createCookie("__session", { secrets: [sessionSecret], path: "/" }).serialize(who.token);
  const value = header.slice("__session=".length, header.indexOf(";"));
  await context.addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

test.describe("ratings after an exchange", () => {
  test.skip(!adminUrl, "needs PostgreSQL: set DATABASE_URL (the spec writes the exchange into the server's database)");

  test("both rate each other, a third person cannot, the seller page shows it, the answer and the report work", async ({
    browser,
  }, testInfo) => {
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const js = testInfo.project.use.javaScriptEnabled;
    const { seller, buyer, stranger, conversation } = await withE2eDatabase(async (client) => {
      const seller = await person(client, "Соломія Продавчиня", stamp);
      const buyer = await person(client, "Максим Покупець", stamp);
      const stranger = await person(client, "Стефан Сторонній", stamp);
      const { rows } = await client.query<{ id: number }>(
        `insert into conversations (advert_title, buyer_id, seller_id, created_at, last_message_at, last_sender_id)
         values ($1, $2, $3, now() - interval '2 hours', now(), $3) returning id`,
        [`Крісло-гойдалка ${stamp}`, buyer.id, seller.id],
      );
      const conversation = rows[0]!.id;
      const messages: Array<[number, string]> = [
        [buyer.id, "Добрий день! Крісло ще продається?"],
        [seller.id, "Так, можна забрати в суботу."],
        [buyer.id, "Чудово, приїду о десятій."],
        [seller.id, "Домовились, чекаю."],
      ];
      for (const [sender, body] of messages)
        await client.query("insert into messages (conversation_id, sender_id, body) values ($1, $2, $3)", [conversation, sender, body]);
      return { seller, buyer, stranger, conversation };
    });
    const threadPath = `/cabinet/messages/${conversation}`;
    const open = async (who: Person) => {
      const context = await browser.newContext({ javaScriptEnabled: js });
      await signIn(context, who);
      return { context, page: await context.newPage() };
    };

    // Two hours in: not yet; the thread says from when.
    const b = await open(buyer);
    await b.page.goto(threadPath);
    await expect(b.page.getByText(/Оцінити Соломія Продавчиня можна з/)).toBeVisible();
    await expect(b.page.getByRole("form", { name: /Оцініть/ })).toHaveCount(0);

    await withE2eDatabase((client) =>
      client.query("update conversations set created_at = now() - interval '25 hours' where id = $1", [conversation]),
    );

    // The buyer rates the seller.
    await b.page.goto(threadPath);
    const rateForm = b.page.getByRole("form", { name: "Оцініть співрозмовника: Соломія Продавчиня" });
    await expect(rateForm).toBeVisible();
    await rateForm.getByRole("radio", { name: "5 зірок" }).check();
    await rateForm.getByLabel("Короткий відгук (необов'язково)").fill(`Чесна продавчиня, усе як в оголошенні (${stamp})`);
    await rateForm.getByRole("button", { name: "Надіслати оцінку" }).click();
    await expect(b.page.getByText("Дякуємо за оцінку.").first()).toBeVisible();
    await expect(b.page.getByText("Ваша оцінка Соломія Продавчиня: 5 з 5.")).toBeVisible();
    await expect(b.page.getByRole("form", { name: /Оцініть/ })).toHaveCount(0);

    // The seller rates the buyer, and answers the rating.
    const s = await open(seller);
    await s.page.goto(threadPath);
    await expect(s.page.getByText("Максим Покупець оцінює вас на 5 з 5.")).toBeVisible();
    const sellerRate = s.page.getByRole("form", { name: "Оцініть співрозмовника: Максим Покупець" });
    await sellerRate.getByRole("radio", { name: "4 зірки" }).check();
    await sellerRate.getByRole("button", { name: "Надіслати оцінку" }).click();
    await expect(s.page.getByText("Дякуємо за оцінку.").first()).toBeVisible();
    await expect(s.page.getByText("Ваша оцінка Максим Покупець: 4 з 5.")).toBeVisible();
    await s.page.getByLabel("Ваша публічна відповідь").fill(`Дякую, приходьте ще (${stamp})`);
    await s.page.getByRole("button", { name: "Відповісти" }).click();
    await expect(s.page.getByText("Відповідь опубліковано.").first()).toBeVisible();
    await expect(s.page.getByLabel("Ваша публічна відповідь")).toHaveCount(0);

    // A third person finds no thread, and a rating posted straight to it is refused.
    const c = await open(stranger);
    const response = await c.page.goto(threadPath);
    expect(response?.status()).toBe(404);
    const posted = await c.context.request.post(threadPath, {
      form: { intent: "rate", stars: "1", body: "Погано" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(404);

    // The seller page: the average, the count, the review and its answer.
    await c.page.goto(`/advertisement/seller/${seller.publicId}`);
    const trust = c.page.locator("section.trust");
    await expect(trust.locator(".trust__rating")).toContainText("5,0");
    await expect(trust.locator(".trust__rating")).toContainText("1 оцінка");
    const review = trust.locator(".trust__review").filter({ hasText: `Чесна продавчиня, усе як в оголошенні (${stamp})` });
    await expect(review).toContainText("Максим Покупець");
    await expect(review.locator(".trust__answer")).toContainText(`Дякую, приходьте ще (${stamp})`);

    // A reader reports the review.
    await review.getByText("Поскаржитися на відгук").click();
    await review.getByLabel("Причина").selectOption("offensive");
    await review.getByRole("button", { name: "Надіслати скаргу" }).click();
    await expect(c.page.getByText("Дякуємо, модератори перевірять відгук.").first()).toBeVisible();
    const reports = await withE2eDatabase(
      async (client) =>
        (
          await client.query<{ reason: string }>(
            `select r.reason from reports r join user_ratings u on u.id = r.target_id
           where r.target_type = 'rating' and u.rated_id = $1 and r.reporter_id = $2`,
            [seller.id, stranger.id],
          )
        ).rows,
    );
    expect(reports).toEqual([{ reason: "offensive" }]);

    for (const party of [b, s, c]) await party.context.close();
  });
});
