// Private messages between a buyer and a seller: the first message opens one conversation per
// advert and buyer, replies join it, only the two parties can read it (404 for anyone else,
// staff included), blocking stops messages both ways, refusals keep the text, and unread
// conversations are counted for each side.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely, KyselyPlugin } from "kysely";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import type { DB, NewAdvertisement } from "#db/schema.ts";
import * as inbox from "#app/routes/cabinet-messages/route.tsx";
import * as newMessage from "#app/routes/cabinet-message-new/route.tsx";
import * as thread from "#app/routes/cabinet-message-thread/route.tsx";
import * as status from "#app/routes/api-messages-status/route.ts";
import * as reports from "#app/routes/dashboard-reports/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import * as advertSeller from "#app/routes/advert-seller/route.tsx";
import { deleteAccount } from "#app/modules/auth/users.server.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MessageText } from "#app/components/messages/message-text.tsx";
import { getConfig } from "#app/platform/config/config.server.ts";
import { messageStatus, messageStatusFor, SAME_TEXT_SELLERS } from "#app/modules/messages/conversations.server.ts";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { MESSAGE_MAX_LENGTH } from "#app/modules/messages/limits.ts";
import { useTestDatabase } from "../support/db.ts";
import { thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { insertBicycleAdvert, insertTransportCategory } from "../support/adverts.ts";
import { conversationOf, flashMessage, openAs, replyIn, send } from "../support/messages.ts";
import { asStaff, staff } from "./dashboard-support.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;
let categoryId: number;
let counter = 0;

function insertAdvert(db: Kysely<DB>, ownerId: number, values: Partial<NewAdvertisement> = {}) {
  counter += 1;
  return insertBicycleAdvert(db, { ownerId, categoryId, slug: `advert-${counter}`, number: counter }, values);
}

async function person(name: string, options: { verified?: boolean; createdHoursAgo?: number } = {}) {
  const user = await makeUser({ name, verified: options.verified ?? true });
  await t.db
    .updateTable("users")
    .set({ created_at: new Date(Date.now() - (options.createdHoursAgo ?? 48) * HOUR) })
    .where("id", "=", user.id)
    .execute();
  return { ...user, cookie: await sessionCookieFor(user.id) };
}

/** A seller with a live advert, and a buyer (both made now, in that order). */
async function sellerBuyerAndAdvert(sellerName: string, buyerName: string) {
  const seller = await person(sellerName);
  const buyer = await person(buyerName);
  return { seller, buyer, advert: await insertAdvert(t.db, seller.id) };
}

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertTransportCategory(t.db);
});

describe("a conversation about an advert", () => {
  it("opens with the first message, joins it with the second, and the seller reads and replies", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndAdvert("Олена", "Богдан");

    const id = await conversationOf(send(buyer.cookie, advert.id, "Добрий день! Ще продається?"));
    expect(await conversationOf(send(buyer.cookie, advert.id, "І чи можна подивитися завтра?"))).toBe(id);
    expect((await messageStatus(seller.id)).unread).toBe(1);
    expect((await messageStatus(buyer.id)).unread).toBe(0);

    const sellerInbox = (await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: seller.cookie })).result;
    expect(sellerInbox.items).toHaveLength(1);
    expect(sellerInbox.items[0]).toMatchObject({
      id,
      otherName: "Богдан",
      unread: true,
      lastFromMe: false,
      lastMessage: "І чи можна подивитися завтра?",
    });
    expect(sellerInbox.items[0]).toMatchObject({
      advertTitle: advert.title,
      advert: { price: expect.stringContaining("800"), status: "published", image: null },
    });

    const opened = (await openAs(seller.cookie, id)).result;
    expect(opened.thread.messages.map((m) => m.body)).toEqual(["Добрий день! Ще продається?", "І чи можна подивитися завтра?"]);
    expect(opened.thread.party).toBe("seller");
    expect((await messageStatus(seller.id)).unread).toBe(0);

    const replied = await catchResponse(
      replyIn(seller.cookie, id, { intent: "reply", body: "Так, приходьте о 18:00." }).then((r) => r.result),
    );
    expect(replied.status).toBe(302);
    expect((await messageStatus(buyer.id)).unread).toBe(1);
    const buyerView = (await openAs(buyer.cookie, id, `/us/cabinet/messages/${id}`)).result;
    expect(buyerView.thread.messages.map((m) => [m.body, m.mine])).toEqual([
      ["Добрий день! Ще продається?", true],
      ["І чи можна подивитися завтра?", true],
      ["Так, приходьте о 18:00.", false],
    ]);
    expect(buyerView.thread.otherName).toBe("Олена");
  });

  it("is read by its two parties only: anyone else, staff included, gets 404, as for a missing one", async () => {
    const seller = await person("Ірина");
    const buyer = await person("Тарас");
    const stranger = await person("Сторонній");
    const admin = await makeUser({ role: "admin", name: "Адмін" });
    const adminCookie = await sessionCookieFor(admin.id);
    const advert = await insertAdvert(t.db, seller.id);
    const id = await conversationOf(send(buyer.cookie, advert.id, "Привіт! Яка ціна остаточна?"));

    for (const cookie of [stranger.cookie, adminCookie]) {
      expect(await thrownStatus(openAs(cookie, id))).toBe(404);
      expect(await thrownStatus(replyIn(cookie, id, { intent: "reply", body: "втручаюся" }))).toBe(404);
      expect(await thrownStatus(replyIn(cookie, id, { intent: "block" }))).toBe(404);
    }
    expect(await thrownStatus(openAs(stranger.cookie, 2_147_483_647))).toBe(404);
    expect(await thrownStatus(openAs(stranger.cookie, "2147483648"))).toBe(404);
    expect(await thrownStatus(openAs(stranger.cookie, "abc"))).toBe(404);
    const strangerInbox = (await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: stranger.cookie })).result;
    expect(strangerInbox.items).toEqual([]);
    const messages = await t.db.selectFrom("messages").select("body").where("conversation_id", "=", id).execute();
    expect(messages.map((m) => m.body)).toEqual(["Привіт! Яка ціна остаточна?"]);
  });

  it("sends a signed-out visitor to sign in and back to the form", async () => {
    const seller = await person("Марта");
    const advert = await insertAdvert(t.db, seller.id);
    const response = await catchResponse(
      callWithSession(newMessage.loader, { url: `/us/cabinet/messages/new?advert=${advert.id}` }).then((r) => r.result),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/us/login?redirect=${encodeURIComponent(`/us/cabinet/messages/new?advert=${advert.id}`)}`,
    );
  });

  it("refuses an empty or an oversized message with 400 and keeps the text; control characters are dropped", async () => {
    const { buyer, advert } = await sellerBuyerAndAdvert("Софія", "Андрій");
    const long = "ж".repeat(MESSAGE_MAX_LENGTH + 1);
    for (const [body, key] of [
      ["   ", "cabinet:messages.errors.empty"],
      [long, "cabinet:messages.errors.too_long"],
    ] as const) {
      const reply = unwrapData((await send(buyer.cookie, advert.id, body)).result);
      expect(reply.status).toBe(400);
      const data = reply.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      expect(data.result.error.body?.[0]).toContain(key);
      if (body.trim()) expect(data.result.initialValue.body).toBe(body);
    }
    expect(MESSAGE_MAX_LENGTH).toBe(4000);
    expect(await t.db.selectFrom("conversations").select("id").where("advertisement_id", "=", advert.id).execute()).toEqual([]);
    const id = await conversationOf(send(buyer.cookie, advert.id, "до\u0000брий\u0007 день"));
    const stored = await t.db.selectFrom("messages").select("body").where("conversation_id", "=", id).execute();
    expect(stored.map((m) => m.body)).toEqual(["добрий день"]);
  });

  it("refuses a message about one's own advert, and one about an advert that is not live (404)", async () => {
    const seller = await person("Ганна");
    const own = await insertAdvert(t.db, seller.id);
    const ownReply = unwrapData((await send(seller.cookie, own.id, "Сама собі")).result);
    expect(ownReply.status).toBe(400);
    const buyer = await person("Петро");
    const draft = await insertAdvert(t.db, seller.id, { status: "pending", published_at: null });
    expect(await thrownStatus(send(buyer.cookie, draft.id, "Вітаю"))).toBe(404);
    expect(await thrownStatus(send(buyer.cookie, "2147483648", "Вітаю"))).toBe(404);
  });

  it("stores nothing for a bot that fills the hidden field, but answers as for a person", async () => {
    const seller = await person("Христина");
    const bot = await person("Бот");
    const advert = await insertAdvert(t.db, seller.id);
    const response = await catchResponse(
      send(bot.cookie, advert.id, "Купіть дешеві годинники", { website: "http://spam.example" }).then((r) => r.result),
    );
    expect(response.status).toBe(302);
    expect(await t.db.selectFrom("conversations").select("id").where("advertisement_id", "=", advert.id).execute()).toEqual([]);
  });
});

describe("blocking", () => {
  it("stops messages both ways, tells the blocked side politely, and only the blocker can lift it", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndAdvert("Віра", "Степан");
    const id = await conversationOf(send(buyer.cookie, advert.id, "Добрий вечір"));
    expect((await catchResponse(replyIn(seller.cookie, id, { intent: "block" }).then((r) => r.result))).status).toBe(302);

    const buyerTry = unwrapData((await send(buyer.cookie, advert.id, "Чому мовчите?")).result);
    expect(buyerTry.status).toBe(403);
    expect((buyerTry.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual([
      "cabinet:messages.errors.blocked",
    ]);
    const sellerTry = unwrapData((await replyIn(seller.cookie, id, { intent: "reply", body: "Вибачте" })).result);
    expect(sellerTry.status).toBe(403);
    expect((await openAs(buyer.cookie, id)).result.thread.blocked).toBe("by_other");
    expect((await openAs(seller.cookie, id)).result.thread.blocked).toBe("by_me");

    expect(await thrownStatus(replyIn(buyer.cookie, id, { intent: "unblock" }))).toBe(404);
    expect((await catchResponse(replyIn(seller.cookie, id, { intent: "unblock" }).then((r) => r.result))).status).toBe(302);
    expect(await conversationOf(send(buyer.cookie, advert.id, "Дякую!"))).toBe(id);
  });
});

describe("limits", () => {
  it("caps new conversations per hour, stricter for an account younger than a day, with Retry-After; joining is free", async () => {
    const seller = await person("Лідія");
    const fresh = await person("Новачок", { createdHoursAgo: 1 });
    const { newAccount } = getConfig().newConversationsPerHour;
    expect(newAccount).toBe(5);
    const adverts = await Promise.all(Array.from({ length: newAccount + 1 }, () => insertAdvert(t.db, seller.id)));
    for (const advert of adverts.slice(0, -1)) await conversationOf(send(fresh.cookie, advert.id, "Ще актуально?"));
    const refused = unwrapData((await send(fresh.cookie, adverts.at(-1)!.id, "А це?")).result);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((refused.data as { result: { initialValue: Record<string, string> } }).result.initialValue.body).toBe("А це?");
    // A message in a conversation already open is not a new conversation.
    await conversationOf(send(fresh.cookie, adverts[0]!.id, "Ще одне питання"));
  });

  it("takes the established account's limit from the settings (NEW_CONVERSATIONS_PER_HOUR, 20 by default), in the user's language", async () => {
    expect(getConfig().newConversationsPerHour.established).toBe(20);
    useAccountConfig({ PUBLIC_URL: "https://portal.example", NEW_CONVERSATIONS_PER_HOUR: "2" });
    try {
      const seller = await person("Леся");
      const buyer = await person("Давній покупець", { createdHoursAgo: 24 * 30 });
      const adverts = await Promise.all([1, 2, 3].map(() => insertAdvert(t.db, seller.id)));
      await conversationOf(send(buyer.cookie, adverts[0]!.id, "Перше"));
      await conversationOf(send(buyer.cookie, adverts[1]!.id, "Друге"));
      const refused = await callWithSession(newMessage.action, {
        url: "/us/cabinet/messages/new",
        cookie: buyer.cookie,
        form: { advert: String(adverts[2]!.id), body: "Третє" },
      });
      const reply = unwrapData(refused.result);
      expect(reply.status).toBe(429);
      const result = (reply.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }).result;
      expect(result.initialValue.body).toBe("Третє");
      expect(result.error[""]?.[0]).toContain("cabinet:messages.errors.too_many");
      expect(await t.db.selectFrom("conversations").select("id").where("advertisement_id", "=", adverts[2]!.id).execute()).toEqual([]);
    } finally {
      useAccountConfig({ PUBLIC_URL: "https://portal.example" });
    }
  });

  it("stores nothing for a bot that fills the hidden field of the reply form either", async () => {
    const { buyer, advert } = await sellerBuyerAndAdvert("Мирослава", "Покупець-бот");
    const id = await conversationOf(send(buyer.cookie, advert.id, "Добрий день"));
    const response = await catchResponse(
      replyIn(buyer.cookie, id, { intent: "reply", body: "Реклама казино", website: "x" }).then((r) => r.result),
    );
    expect(response.status).toBe(302);
    const bodies = await t.db.selectFrom("messages").select("body").where("conversation_id", "=", id).execute();
    expect(bodies.map((m) => m.body)).toEqual(["Добрий день"]);
  });
});

describe("the same text to many sellers", () => {
  const SPAM = "Вигідна пропозиція! Пишіть у месенджер +380 00 000 0000";

  async function sellersWithAdverts(count: number) {
    return Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const seller = await person(`Продавець ${index + 1}`);
        return { seller, advert: await insertAdvert(t.db, seller.id) };
      }),
    );
  }

  async function flashOf(sent: Promise<{ result: unknown }>) {
    const response = await catchResponse(sent.then((r) => r.result));
    expect(response.status).toBe(302);
    return flashMessage(response);
  }

  const heldIn = (conversationId: number) =>
    t.db.selectFrom("messages").select(["body", "held_at"]).where("conversation_id", "=", conversationId).orderBy("id").execute();

  it("is held past five sellers in an hour: stored, shown to the sender as held, not delivered, and staff release or discard it", async () => {
    expect(SAME_TEXT_SELLERS).toBe(5);
    const buyer = await person("Розсилальник");
    const targets = await sellersWithAdverts(SAME_TEXT_SELLERS + 2);
    // Case and spacing do not make it another text.
    const variants = [SPAM, SPAM.toUpperCase(), SPAM.replace(/ /g, "  "), SPAM, SPAM];
    for (const [index, { advert }] of targets.slice(0, SAME_TEXT_SELLERS).entries()) {
      const id = await conversationOf(send(buyer.cookie, advert.id, variants[index]!));
      expect((await heldIn(id))[0]!.held_at).toBeNull();
    }
    const [sixth, seventh] = targets.slice(SAME_TEXT_SELLERS) as [(typeof targets)[0], (typeof targets)[0]];
    expect(await flashOf(send(buyer.cookie, sixth.advert.id, SPAM))).toBe("cabinet:messages.flash_held");
    await flashOf(send(buyer.cookie, seventh.advert.id, SPAM));
    const [heldId] = (await t.db.selectFrom("conversations").select("id").where("advertisement_id", "=", sixth.advert.id).execute()).map(
      (c) => c.id,
    );

    // The sender sees it, marked; the seller has nothing: no inbox row, no count, no thread.
    const own = (await openAs(buyer.cookie, heldId!)).result.thread.messages;
    expect(own.map((m) => [m.body, m.held])).toEqual([[SPAM, true]]);
    expect((await messageStatus(sixth.seller.id)).unread).toBe(0);
    expect((await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: sixth.seller.cookie })).result.items).toEqual([]);
    expect(await thrownStatus(openAs(sixth.seller.cookie, heldId!))).toBe(404);
    expect(await thrownStatus(replyIn(sixth.seller.cookie, heldId!, { intent: "reply", body: "?" }))).toBe(404);

    // Another text still goes.
    const other = await sellersWithAdverts(1);
    const otherId = await conversationOf(send(buyer.cookie, other[0]!.advert.id, "Зовсім інше питання: яка ціна?"));
    expect((await heldIn(otherId))[0]!.held_at).toBeNull();

    // Staff see one entry for the text, with the sellers it would reach, in the reports queue.
    const editor = await staff("editor");
    const queue = (await asStaff(editor, reports.loader, { url: "/dashboard/reports" })) as Awaited<ReturnType<typeof reports.loader>>;
    const group = queue.held.groups.find((g) => g.body === SPAM)!;
    expect(group).toMatchObject({ senderName: "Розсилальник", count: 2, sellers: 2 });

    const released = await catchResponse(
      asStaff(editor, reports.action, { url: "/dashboard/reports", form: { intent: "release_held", message: String(group.id) } }),
    );
    expect(released.status).toBe(302);
    expect((await heldIn(heldId!))[0]!.held_at).toBeNull();
    expect((await messageStatus(sixth.seller.id)).unread).toBe(1);
    const sellerInbox = (await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: sixth.seller.cookie })).result.items;
    expect(sellerInbox.map((item) => [item.id, item.lastMessage, item.unread])).toEqual([[heldId, SPAM, true]]);
    expect((await openAs(sixth.seller.cookie, heldId!)).result.thread.messages.map((m) => m.body)).toEqual([SPAM]);
    // Released once: the same form again changes nothing.
    expect(
      flashMessage(
        await catchResponse(
          asStaff(editor, reports.action, { url: "/dashboard/reports", form: { intent: "release_held", message: String(group.id) } }),
        ),
      ),
    ).toBe("admin:reports.held_gone");

    // Later copies are held again; discarding deletes them and the conversations they opened.
    const more = await sellersWithAdverts(1);
    await flashOf(send(buyer.cookie, more[0]!.advert.id, SPAM));
    const [moreId] = (await t.db.selectFrom("conversations").select("id").where("advertisement_id", "=", more[0]!.advert.id).execute()).map(
      (c) => c.id,
    );
    const again = (
      (await asStaff(editor, reports.loader, { url: "/dashboard/reports" })) as Awaited<ReturnType<typeof reports.loader>>
    ).held.groups.find((g) => g.body === SPAM)!;
    expect(again.count).toBe(1);
    await catchResponse(
      asStaff(editor, reports.action, { url: "/dashboard/reports", form: { intent: "discard_held", message: String(again.id) } }),
    );
    expect(await t.db.selectFrom("conversations").select("id").where("id", "=", moreId!).execute()).toEqual([]);
    expect(await heldIn(moreId!)).toEqual([]);

    // Bad forms are 400, and the queue is staff's only.
    for (const message of ["abc", "2147483648"]) {
      expect(
        await thrownStatus(asStaff(editor, reports.action, { url: "/dashboard/reports", form: { intent: "release_held", message } })),
      ).toBe(400);
    }
    expect(
      await thrownStatus(
        callWithSession(reports.action, {
          url: "/dashboard/reports",
          cookie: buyer.cookie,
          form: { intent: "release_held", message: String(group.id) },
        }),
      ),
    ).toBeGreaterThanOrEqual(400);
  });

  it("holds a buyer's reply with that text in an open conversation, while the seller keeps the rest of the thread; a seller's answers to many buyers are never held", async () => {
    const buyer = await person("Покупець із шаблоном");
    const targets = await sellersWithAdverts(SAME_TEXT_SELLERS + 1);
    // Different first messages: a template with only the advert's number changed is the same text.
    const questions = [
      "Ще продається?",
      "Яка остаточна ціна?",
      "Можна подивитися завтра?",
      "Є доставка до Кракова?",
      "Скільки років рамі?",
      "Чи торгуєтеся?",
    ];
    const ids: number[] = [];
    for (const [index, { advert }] of targets.entries()) ids.push(await conversationOf(send(buyer.cookie, advert.id, questions[index]!)));
    for (const id of ids.slice(0, SAME_TEXT_SELLERS)) await flashOf(replyIn(buyer.cookie, id, { intent: "reply", body: SPAM }));
    expect(await flashOf(replyIn(buyer.cookie, ids.at(-1)!, { intent: "reply", body: SPAM }))).toBe("cabinet:messages.flash_held");
    const last = targets.at(-1)!;
    expect((await openAs(last.seller.cookie, ids.at(-1)!)).result.thread.messages.map((m) => m.body)).toEqual([questions.at(-1)]);
    const sellerRow = (await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: last.seller.cookie })).result.items[0]!;
    expect(sellerRow.lastMessage).toBe(questions.at(-1));

    // One seller, the same answer to seven buyers: delivered every time.
    const seller = await person("Продавець із шаблоном");
    const advert = await insertAdvert(t.db, seller.id);
    for (let index = 0; index < SAME_TEXT_SELLERS + 2; index++) {
      const asker = await person(`Покупець ${index}`);
      const id = await conversationOf(send(asker.cookie, advert.id, "Ще продається?"));
      expect(await flashOf(replyIn(seller.cookie, id, { intent: "reply", body: "Так, ще продається." }))).toBe(
        "cabinet:messages.flash_sent",
      );
    }
  });
});

describe("links in messages", () => {
  it("are text until the sender's email is verified, then links that pass no ranking", async () => {
    const seller = await person("Орися");
    const unverified = await person("Неперевірений", { verified: false });
    const advert = await insertAdvert(t.db, seller.id);
    const id = await conversationOf(send(unverified.cookie, advert.id, "Дивіться https://example.com/bike тут"));
    await catchResponse(
      replyIn(seller.cookie, id, { intent: "reply", body: "Мій сайт: https://shop.example/a?b=1" }).then((r) => r.result),
    );
    const messages = (await openAs(seller.cookie, id)).result.thread.messages;
    expect(messages.map((m) => m.links)).toEqual([false, true]);
    const html = messages.map((m) => renderToStaticMarkup(createElement(MessageText, { text: m.body, linkify: m.links })));
    expect(html[0]).toBe("Дивіться https://example.com/bike тут");
    expect(html[1]).toBe(
      'Мій сайт: <a href="https://shop.example/a?b=1" rel="nofollow ugc noopener noreferrer" target="_blank">https://shop.example/a?b=1</a>',
    );
  });
});

describe("a deleted account", () => {
  it("leaves the other party's thread, shown as from a deleted user, and ends replies", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndAdvert("Зоряна", "Олег");
    const id = await conversationOf(send(buyer.cookie, advert.id, "Доброго дня, можна торг?"));
    await deleteAccount(buyer.id);
    const view = (await openAs(seller.cookie, id)).result.thread;
    expect(view.otherName).toBeNull();
    expect(view.messages.map((m) => m.body)).toEqual(["Доброго дня, можна торг?"]);
    const refused = unwrapData((await replyIn(seller.cookie, id, { intent: "reply", body: "Так" })).result);
    expect(refused.status).toBe(403);
  });
});

describe("GET /api/messages/status", () => {
  it("answers the signed-in user's unread count with an ETag, 304 while nothing changed, 401 signed out", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndAdvert("Ніна", "Роман");
    const call = (cookie: string | null, headers: Record<string, string> = {}) =>
      callWithSession(status.loader, { url: "/api/messages/status", cookie, headers }).then((r) => r.result as Response);

    expect((await call(null)).status).toBe(401);
    const empty = await call(seller.cookie);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ unread: 0, latest: 0 });
    const etag = empty.headers.get("ETag")!;
    expect(empty.headers.get("Cache-Control")).toContain("private");
    expect((await call(seller.cookie, { "If-None-Match": etag })).status).toBe(304);

    await conversationOf(send(buyer.cookie, advert.id, "Добрий день, можна сьогодні?"));
    const changed = await call(seller.cookie, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as { unread: number; latest: number };
    expect(body.unread).toBe(1);
    expect(body.latest).toBeGreaterThan(0);
  });
});

describe("reporting a conversation", () => {
  it("sends the messages as they were to the dashboard's queue, once per reporter; staff resolve it but cannot open the thread", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndAdvert("Уляна", "Шахрай");
    const id = await conversationOf(send(buyer.cookie, advert.id, "Надішліть передоплату на картку, і я заберу"));
    await catchResponse(replyIn(seller.cookie, id, { intent: "reply", body: "Ні, тільки при зустрічі." }).then((r) => r.result));

    const invalid = unwrapData((await replyIn(seller.cookie, id, { intent: "report", reason: "nonsense" })).result);
    expect(invalid.status).toBe(400);
    expect((invalid.data as { intent: string }).intent).toBe("report");

    const reported = await catchResponse(
      replyIn(seller.cookie, id, { intent: "report", reason: "fraud", note: "Просить передоплату" }).then((r) => r.result),
    );
    expect(reported.status).toBe(302);
    expect(reported.headers.get("Set-Cookie")).toContain("__flash=");
    await catchResponse(replyIn(seller.cookie, id, { intent: "report", reason: "spam" }).then((r) => r.result));
    expect(
      await t.db.selectFrom("reports").select("id").where("target_type", "=", "conversation").where("target_id", "=", id).execute(),
    ).toHaveLength(1);
    // A message after the report is not in the evidence.
    await conversationOf(send(buyer.cookie, advert.id, "Останнє попередження"));

    const editor = await staff("editor");
    const queue = (await asStaff(editor, reports.loader, { url: "/dashboard/reports" })) as Awaited<ReturnType<typeof reports.loader>>;
    const group = queue.groups.find((g) => g.targetType === "conversation" && g.targetId === id)!;
    expect(group.title).toBe(advert.title);
    expect(group.editPath).toBeNull();
    expect(group.evidence?.messages.map((m) => [m.from, m.name, m.body])).toEqual([
      ["buyer", "Шахрай", "Надішліть передоплату на картку, і я заберу"],
      ["seller", "Уляна", "Ні, тільки при зустрічі."],
    ]);
    expect(await thrownStatus(openAs(editor.cookie, id))).toBe(404);
    expect(
      await thrownStatus(
        asStaff(editor, reports.action, {
          url: "/dashboard/reports",
          form: { intent: "hide", target_type: "conversation", target_id: String(id) },
        }),
      ),
    ).toBe(400);
    await catchResponse(
      asStaff(editor, reports.action, {
        url: "/dashboard/reports",
        form: { intent: "resolve", target_type: "conversation", target_id: String(id) },
      }),
    );
    const after = (await asStaff(editor, reports.loader, { url: "/dashboard/reports" })) as Awaited<ReturnType<typeof reports.loader>>;
    expect(after.groups.some((g) => g.targetType === "conversation" && g.targetId === id)).toBe(false);
  });

  it("is for the two parties only", async () => {
    const seller = await person("Арина");
    const buyer = await person("Василь");
    const stranger = await person("Чужий");
    const advert = await insertAdvert(t.db, seller.id);
    const id = await conversationOf(send(buyer.cookie, advert.id, "Доброго ранку"));
    expect(await thrownStatus(replyIn(stranger.cookie, id, { intent: "report", reason: "spam" }))).toBe(404);
    expect(
      await t.db.selectFrom("reports").select("id").where("target_type", "=", "conversation").where("target_id", "=", id).execute(),
    ).toEqual([]);
  });
});

describe("the seller page", () => {
  it("shows name, since when, verified email and live adverts at a random id, linked from the advert; no email, phone or sequential id", async () => {
    const seller = await person("Дарина Продавчиня");
    const live = await insertAdvert(t.db, seller.id);
    await insertAdvert(t.db, seller.id, { status: "sold" });
    const page = await callWithSession(advertItem.loader, { url: `/advertisement/${live.slug}`, params: { slug: live.slug } });
    const sellerId = page.result.sellerId!;
    expect(sellerId).toMatch(/^[0-9a-f]{16}$/);

    const { result } = await callWithSession(advertSeller.loader, {
      url: `/us/advertisement/seller/${sellerId}`,
      params: { id: sellerId },
    });
    expect(result.seller).toMatchObject({ name: "Дарина Продавчиня", liveCount: 1 });
    expect(result.trust).toMatchObject({ emailVerified: true, rating: null, reviews: [] });
    expect(result.items.map((item) => item.slug)).toEqual([live.slug]);
    const serialized = JSON.stringify(result);
    expect(serialized).not.toContain(seller.email);
    expect(serialized).not.toContain("seller@example.test");

    for (const id of [String(seller.id), "0000000000000000", "../../etc", "2147483648"]) {
      expect(await thrownStatus(callWithSession(advertSeller.loader, { url: `/advertisement/seller/${id}`, params: { id } }))).toBe(404);
    }
  });
});

/** Statements the app ran since the last reset: results, since a subquery is transformed too. */
let queries = 0;
const countQueries: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    queries++;
    return args.result;
  },
};

/**
 * A page's loader as the server runs it beside the root's: the queries of the loader alone
 * (the session's are the root middleware's, the same on every page), then those of the
 * header's count read after it.
 */
async function load<F extends (args: any) => unknown>(
  loader: F,
  url: string,
  cookie: string,
  userId: number,
  params: Record<string, string> = {},
) {
  let context: Readonly<RouterContextProvider> | undefined;
  const startCounting: MiddlewareFunction<Response> = async (args, next) => {
    context = args.context;
    // The root's shell data reads the settings on every page, polling the content versions when
    // due: those queries are the root's. The thread reads the same copy (its scam warning words).
    await getCachedSettings();
    queries = 0;
    return next();
  };
  const { result } = await callWithSession(loader, { url, cookie, params, middleware: [startCounting] });
  const pageQueries = queries;
  const status = await messageStatusFor(context!, userId);
  return { result, pageQueries, headerQueries: queries - pageQueries, status };
}

// The inbox and a thread are opened often, and each query is a round trip the server pays for
// in CPU: the page's rows, total and the header's unread count come from one query, and the
// root's header takes the count from it instead of asking again.
describe("queries per page", () => {
  let seller: Awaited<ReturnType<typeof person>>;
  let conversationId = 0;
  beforeAll(async () => {
    seller = await person("Олена");
    const buyer = await person("Богдан");
    for (let i = 1; i <= 3; i++) {
      const advert = await insertAdvert(t.db, seller.id);
      conversationId = await conversationOf(send(buyer.cookie, advert.id, `Ще продається ${i}?`));
    }
    registerDatabase({ ...t.database, db: t.db.withPlugin(countQueries) });
  });
  afterAll(() => registerDatabase(t.database));

  it("the inbox: one for its rows, total and the header's count", async () => {
    const seen = await load(inbox.loader, "/cabinet/messages", seller.cookie, seller.id);
    expect(seen.result.items).toHaveLength(3);
    expect(seen.result.pagination.total).toBe(3);
    expect(seen.pageQueries).toBe(1);
    expect(seen.headerQueries).toBe(0);
    expect(seen.status).toEqual(await messageStatus(seller.id));
    expect(seen.status.unread).toBe(3);
  });

  it("a page past the last: the 404 after the one query, and the header counted from it", async () => {
    let context: Readonly<RouterContextProvider> | undefined;
    const startCounting: MiddlewareFunction<Response> = async (args, next) => ((context = args.context), (queries = 0), next());
    const response = await catchResponse(
      callWithSession(inbox.loader, { url: "/cabinet/messages?page=2", cookie: seller.cookie, middleware: [startCounting] }),
    );
    expect(response.status).toBe(404);
    expect(queries).toBe(1);
    expect(await messageStatusFor(context!, seller.id)).toEqual(await messageStatus(seller.id));
    expect(queries).toBe(2);
  });

  it("a thread: one query when read already, one more to mark it read; the header's count is the one after reading", async () => {
    const first = await load(thread.loader, `/cabinet/messages/${conversationId}`, seller.cookie, seller.id, {
      id: String(conversationId),
    });
    expect(first.result.thread.messages.map((m) => m.body)).toEqual(["Ще продається 3?"]);
    expect(first.pageQueries).toBe(2);
    expect(first.headerQueries).toBe(0);
    expect(first.status).toEqual(await messageStatus(seller.id));
    expect(first.status.unread).toBe(2);

    const again = await load(thread.loader, `/cabinet/messages/${conversationId}`, seller.cookie, seller.id, {
      id: String(conversationId),
    });
    expect(again.pageQueries).toBe(1);
    expect(again.headerQueries).toBe(0);
    expect(again.status).toEqual(first.status);
  });

  it("a thread of someone else: the 404 and a header read of its own", async () => {
    const stranger = await person("Сторонній");
    let context: Readonly<RouterContextProvider> | undefined;
    const capture: MiddlewareFunction<Response> = async (args, next) => ((context = args.context), next());
    const response = await catchResponse(
      callWithSession(thread.loader, {
        url: `/cabinet/messages/${conversationId}`,
        cookie: stranger.cookie,
        params: { id: String(conversationId) },
        middleware: [capture],
      }),
    );
    expect(response.status).toBe(404);
    expect(await messageStatusFor(context!, stranger.id)).toEqual({ unread: 0, latest: 0 });
  });
});
