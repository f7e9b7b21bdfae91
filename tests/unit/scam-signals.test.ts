// Scam warnings in message threads: the pure detector (links, phone numbers, the staff's payment
// and messenger words, in several languages, without false alarms on prices, years or the word
// "телефон"), the settings form's rules for the word lists, and the thread as each party sees it.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import * as settings from "#app/routes/dashboard-settings/route.tsx";
import { compileScamDetector, scamDetectorFor, scamWordLines, scamWordsProblem } from "#app/modules/messages/scam-signals.ts";
import { settingsSchema } from "#app/modules/users-admin/schemas.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { insertBicycleAdvert, insertTransportCategory } from "../support/adverts.ts";
import { conversationOf, openAs, replyIn, send } from "../support/messages.ts";
import { asStaff, replyOf, useStaffAccounts } from "./dashboard-support.ts";

const t = useTestDatabase();
const team = useStaffAccounts();

/** The lists as the migration writes them. */
async function defaultWords() {
  const row = await t.db.selectFrom("settings").select(["scam_payment_words", "scam_messenger_words"]).executeTakeFirstOrThrow();
  return { payment: row.scam_payment_words, messenger: row.scam_messenger_words };
}

describe("the detector", () => {
  let detect: (text: string) => string[];
  beforeAll(async () => {
    detect = compileScamDetector(await defaultWords());
  });

  it("finds each signal, in Ukrainian, English, Polish and Russian", () => {
    expect(detect("Оплата тут: https://pay-olx.example/deal/123")).toEqual(["link"]);
    expect(detect("https://pay-olx.top/deal/1795836025408 або pay-olx.top/1795836025408")).toEqual(["link"]); // no phone in a link
    expect(detect("Заходьте на www.olx-dostavka.com")).toEqual(["link"]);
    expect(detect("Оформіть доставку на pay-olx.top, там усе просто")).toEqual(["link"]);
    expect(detect("Telegram: t.me/seller123")).toEqual(["link", "messenger"]);
    expect(detect("Потрібна передоплата 50%, тоді відправлю")).toEqual(["payment"]);
    expect(detect("Скиньте НОМЕР КАРТКИ, я переведу гроші")).toEqual(["payment"]);
    expect(detect("I need an advance payment before shipping")).toEqual(["payment"]);
    expect(detect("Pay by BLIK please")).toEqual(["payment"]);
    expect(detect("Proszę o zaliczkę, wtedy zarezerwuję")).toEqual(["payment"]);
    expect(detect("Нужна предоплата")).toEqual(["payment"]);
    expect(detect("Дзвоніть: +48 600 100 200")).toEqual(["phone"]);
    expect(detect("мій номер 067-123-45-67")).toEqual(["phone"]);
    expect(detect("(22) 600 10 10 після 18:00")).toEqual(["phone"]);
    expect(detect("Напишіть у вайбер, там швидше")).toEqual(["messenger"]);
    expect(detect("Write me on WhatsApp")).toEqual(["messenger"]);
    expect(detect("Краще в телеграмі")).toEqual(["messenger"]);
    expect(detect("Napisz na WhatsAppie")).toEqual(["messenger"]);
    expect(detect("Передоплата на картку, мій ватсап +380 67 123 4567, деталі на pay-olx.top")).toEqual([
      "link",
      "payment",
      "phone",
      "messenger",
    ]);
  });

  it("stays quiet on prices, years, dates, emails and words inside longer words", () => {
    for (const text of [
      "Добрий день! Ще продається?",
      "Ціна 5 200 zł, торг можливий",
      "Віддам за 1 250 000 грн",
      "Price is $1 250 000",
      "Куплений у 2019 році, гарантія до 2025",
      "Сезон 2019-2020, потім 2021 2022",
      "Доставка 2024-05-12 або 12-05-2024",
      "Телефон у доброму стані, батарея тримає день",
      "Дзвоніть по телефону, як зручно",
      "Пишіть сюди: jan.kowalski@example.com",
      "ul.Grochowska 120. Добре.Дякую",
      "Авансування? Ні, не треба", // "аванс" only as a whole word
      "Signalling lamp included",
    ]) {
      expect(detect(text), text).toEqual([]);
    }
  });

  it("matches staff's words case-insensitively on Unicode word boundaries, phrases with any spacing", () => {
    const custom = compileScamDetector({ payment: "  Кур'єрська   доставка \n\nżółw", messenger: "" });
    expect(custom("КУР’ЄРСЬКА\nДОСТАВКА за мій рахунок")).toEqual(["payment"]);
    expect(custom("Mam ŻÓŁW do oddania")).toEqual(["payment"]);
    expect(custom("żółwik")).toEqual([]);
    expect(compileScamDetector({ payment: "", messenger: "" })("передоплата")).toEqual([]);
  });

  it("compiles a detector once per version of the lists", () => {
    const words = { payment: "a\nb", messenger: "c" };
    const first = scamDetectorFor(words);
    expect(scamDetectorFor({ ...words })).toBe(first);
    expect(scamDetectorFor({ ...words, payment: "a" })).not.toBe(first);
  });
});

describe("the word lists in the settings form", () => {
  it("allows 200 lines of 60 characters; refuses more lines or a longer line, naming it", () => {
    const lines = (count: number, length = 5) => Array.from({ length: count }, (_, index) => `${index}`.padEnd(length, "я")).join("\n");
    expect(scamWordsProblem(lines(200, 60))).toBeNull();
    expect(scamWordsProblem(`${lines(200)}\n\n  \n`)).toBeNull();
    expect(scamWordsProblem(lines(201))).toEqual({ tooMany: true });
    expect(scamWordsProblem(`ok\n${"я".repeat(61)}`)).toEqual({ tooLong: 2 });
    expect(scamWordLines("  a   b \r\n\n c ")).toEqual(["a b", "c"]);

    const shape = settingsSchema.shape;
    expect(shape.scam_payment_words.safeParse(lines(201)).error?.issues[0]?.message).toBe('admin:settings.scam_words_too_many|{"max":200}');
    expect(shape.scam_messenger_words.safeParse(`ok\n${"x".repeat(61)}`).error?.issues[0]?.message).toBe(
      'admin:settings.scam_word_too_long|{"line":2,"max":60}',
    );
  });

  it("the dashboard shows the migration's words, refuses a bad list with 400 keeping the input, and saves a good one tidied", async () => {
    const loaded = await asStaff(team.admin, settings.loader, { url: "/dashboard/settings" });
    expect(loaded.defaults.scam_payment_words).toContain("передоплата");
    expect(loaded.defaults.scam_payment_words).toContain("zaliczka");
    expect(loaded.defaults.scam_messenger_words).toContain("WhatsApp");
    const tooLong = `передоплата\n${"x".repeat(61)}`;
    const refused = replyOf(
      await asStaff(team.admin, settings.action, { url: "/dashboard/settings", form: { ...loaded.defaults, scam_payment_words: tooLong } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.scam_payment_words).toEqual(['admin:settings.scam_word_too_long|{"line":2,"max":60}']);
    expect(refused.data.result.initialValue.scam_payment_words).toBe(tooLong);

    await asStaff(team.admin, settings.action, {
      url: "/dashboard/settings",
      form: { ...loaded.defaults, scam_payment_words: "  кур'єр  OLX \n\nпередоплата ", scam_messenger_words: "" },
    });
    expect(await defaultWords()).toEqual({ payment: "кур'єр OLX\nпередоплата", messenger: "" });
  });
});

describe("the thread", () => {
  beforeAll(() => useAccountConfig({ PUBLIC_URL: "https://portal.example" }));

  it("warns the recipient beside the message, never its sender, and follows the staff's words", async () => {
    resetContentState(); // the words the previous test saved
    const categoryId = await insertTransportCategory(t.db);
    const seller = await makeUser({ name: "Олена", verified: true });
    const buyer = await makeUser({ name: "Богдан", verified: true });
    for (const user of [seller, buyer])
      await t.db
        .updateTable("users")
        .set({ created_at: sql`now() - interval '2 days'` })
        .where("id", "=", user.id)
        .execute();
    const sellerCookie = await sessionCookieFor(seller.id);
    const buyerCookie = await sessionCookieFor(buyer.id);
    const advert = await insertBicycleAdvert(t.db, { ownerId: seller.id, categoryId, slug: "scam-bike", number: 1 });

    const id = await conversationOf(send(buyerCookie, advert.id, "Оплатіть доставку тут: https://pay-olx.top/deal, потрібна передоплата"));
    await replyIn(sellerCookie, id, { intent: "reply", body: "Добре, дякую" });

    type Opened = { thread: { messages: Array<{ body: string; scam?: string[] }> }; safetyPage: boolean };
    const opened = async (cookie: string) => (await openAs(cookie, id)).result as Opened;
    const seen = async (cookie: string) => (await opened(cookie)).thread.messages;
    const bySeller = await seen(sellerCookie);
    expect(bySeller.map((message) => message.scam)).toEqual([["link", "payment"], undefined]);
    // The warning links to the safety tips once staff have published that page.
    expect((await opened(sellerCookie)).safetyPage).toBe(false);
    await t.db
      .insertInto("pages")
      .values({
        slug: "bezpeka",
        title_uk: "Безпечні угоди",
        body_uk: "<p>Не платіть наперед.</p>",
        status: "published",
        published_at: new Date(),
      })
      .execute();
    resetContentState();
    expect((await opened(sellerCookie)).safetyPage).toBe(true);
    const byBuyer = await seen(buyerCookie);
    expect(byBuyer.every((message) => message.scam === undefined)).toBe(true);

    // Staff change the words: the thread follows once the settings' version moves.
    await t.db.updateTable("settings").set({ scam_payment_words: "", scam_messenger_words: "дякую" }).execute();
    resetContentState();
    expect((await seen(buyerCookie)).map((message) => message.scam)).toEqual([undefined, ["messenger"]]);
    expect((await seen(sellerCookie)).map((message) => message.scam)).toEqual([["link"], undefined]);
  });
});
