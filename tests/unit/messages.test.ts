// Private messages between a buyer and a seller: the first message opens one conversation per
// advert and buyer, replies join it, only the two parties can read it (404 for anyone else,
// staff included), blocking stops messages both ways, refusals keep the text, and unread
// conversations are counted for each side.
import { beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DB, NewAdvertisement } from "#db/schema.ts";
import * as inbox from "#app/routes/cabinet-messages/route.tsx";
import * as newMessage from "#app/routes/cabinet-message-new/route.tsx";
import * as thread from "#app/routes/cabinet-message-thread/route.tsx";
import * as status from "#app/routes/api-messages-status/route.ts";
import * as reports from "#app/routes/dashboard-reports/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import * as advertSeller from "#app/routes/advert-seller/route.tsx";
import { deleteAccount } from "#app/modules/auth/users.server.ts";
import { messageStatus, NEW_CONVERSATION_LIMITS } from "#app/modules/messages/conversations.server.ts";
import { MESSAGE_MAX_LENGTH } from "#app/modules/messages/limits.ts";
import { useTestDatabase } from "../support/db.ts";
import { thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { asStaff, staff } from "./dashboard-support.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;
let categoryId: number;
let counter = 0;

async function insertAdvert(db: Kysely<DB>, ownerId: number, values: Partial<NewAdvertisement> = {}) {
  const slug = `advert-${++counter}`;
  return db
    .insertInto("advertisements")
    .values({
      slug,
      owner_id: ownerId,
      category_id: categoryId,
      title: `Велосипед ${counter}`,
      description: "Міський велосипед у доброму стані, з ліхтарями.",
      price_kind: "amount",
      price_amount: "800.00",
      price_currency: "PLN",
      contact_name: "Продавець",
      email: "seller@example.test",
      status: "published",
      published_at: new Date(Date.now() - HOUR),
      expires_at: new Date(Date.now() + 20 * 24 * HOUR),
      ...values,
    })
    .returning(["id", "slug", "title"])
    .executeTakeFirstOrThrow();
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

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  const category = await t.db
    .insertInto("categories")
    .values({ kind: "advertisement", slug: "transport", name_uk: "Транспорт", name_en: "Transport", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  categoryId = category.id;
});

function send(cookie: string, advertId: number | string, body: string, extra: Record<string, string> = {}) {
  return callWithSession(newMessage.action, { url: "/cabinet/messages/new", cookie, form: { advert: String(advertId), body, ...extra } });
}

function replyIn(cookie: string, conversationId: number, form: Record<string, string>, url = `/cabinet/messages/${conversationId}`) {
  return callWithSession(thread.action, { url, cookie, params: { id: String(conversationId) }, form });
}

/** The thread's id from the redirect after a first message. */
async function conversationOf(sent: Promise<{ result: unknown }>): Promise<number> {
  const response = await catchResponse(sent.then((r) => r.result));
  expect(response.status).toBe(302);
  const match = /\/cabinet\/messages\/(\d+)$/.exec(response.headers.get("Location") ?? "");
  expect(match).not.toBeNull();
  return Number(match![1]);
}

function openAs(cookie: string, conversationId: number | string, url = `/cabinet/messages/${conversationId}`) {
  return callWithSession(thread.loader, { url, cookie, params: { id: String(conversationId) } });
}

describe("a conversation about an advert", () => {
  it("opens with the first message, joins it with the second, and the seller reads and replies", async () => {
    const seller = await person("Олена");
    const buyer = await person("Богдан");
    const advert = await insertAdvert(t.db, seller.id);

    const id = await conversationOf(send(buyer.cookie, advert.id, "Добрий день! Ще продається?"));
    expect(await conversationOf(send(buyer.cookie, advert.id, "І чи можна подивитися завтра?"))).toBe(id);
    expect((await messageStatus(seller.id)).unread).toBe(1);
    expect((await messageStatus(buyer.id)).unread).toBe(0);

    const sellerInbox = (await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: seller.cookie })).result;
    expect(sellerInbox.items).toHaveLength(1);
    expect(sellerInbox.items[0]).toMatchObject({ id, otherName: "Богдан", unread: true, lastFromMe: false, lastMessage: "І чи можна подивитися завтра?" });
    expect(sellerInbox.items[0]!.advert?.title).toBe(advert.title);

    const opened = (await openAs(seller.cookie, id)).result;
    expect(opened.thread.messages.map((m) => m.body)).toEqual(["Добрий день! Ще продається?", "І чи можна подивитися завтра?"]);
    expect(opened.thread.party).toBe("seller");
    expect((await messageStatus(seller.id)).unread).toBe(0);

    const replied = await catchResponse(replyIn(seller.cookie, id, { intent: "reply", body: "Так, приходьте о 18:00." }).then((r) => r.result));
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
    expect(response.headers.get("Location")).toBe(`/us/login?redirect=${encodeURIComponent(`/us/cabinet/messages/new?advert=${advert.id}`)}`);
  });

  it("refuses an empty or an oversized message with 400 and keeps the text; control characters are dropped", async () => {
    const seller = await person("Софія");
    const buyer = await person("Андрій");
    const advert = await insertAdvert(t.db, seller.id);
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
    const response = await catchResponse(send(bot.cookie, advert.id, "Купіть дешеві годинники", { website: "http://spam.example" }).then((r) => r.result));
    expect(response.status).toBe(302);
    expect(await t.db.selectFrom("conversations").select("id").where("advertisement_id", "=", advert.id).execute()).toEqual([]);
  });
});

describe("blocking", () => {
  it("stops messages both ways, tells the blocked side politely, and only the blocker can lift it", async () => {
    const seller = await person("Віра");
    const buyer = await person("Степан");
    const advert = await insertAdvert(t.db, seller.id);
    const id = await conversationOf(send(buyer.cookie, advert.id, "Добрий вечір"));
    expect((await catchResponse(replyIn(seller.cookie, id, { intent: "block" }).then((r) => r.result))).status).toBe(302);

    const buyerTry = unwrapData((await send(buyer.cookie, advert.id, "Чому мовчите?")).result);
    expect(buyerTry.status).toBe(403);
    expect((buyerTry.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["cabinet:messages.errors.blocked"]);
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
    const adverts = await Promise.all(Array.from({ length: NEW_CONVERSATION_LIMITS.newAccount + 1 }, () => insertAdvert(t.db, seller.id)));
    for (const advert of adverts.slice(0, -1)) await conversationOf(send(fresh.cookie, advert.id, "Ще актуально?"));
    const refused = unwrapData((await send(fresh.cookie, adverts.at(-1)!.id, "А це?")).result);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((refused.data as { result: { initialValue: Record<string, string> } }).result.initialValue.body).toBe("А це?");
    // A message in a conversation already open is not a new conversation.
    await conversationOf(send(fresh.cookie, adverts[0]!.id, "Ще одне питання"));
  });
});

describe("a deleted account", () => {
  it("leaves the other party's thread, shown as from a deleted user, and ends replies", async () => {
    const seller = await person("Зоряна");
    const buyer = await person("Олег");
    const advert = await insertAdvert(t.db, seller.id);
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
    const seller = await person("Ніна");
    const buyer = await person("Роман");
    const advert = await insertAdvert(t.db, seller.id);
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
    const seller = await person("Уляна");
    const buyer = await person("Шахрай");
    const advert = await insertAdvert(t.db, seller.id);
    const id = await conversationOf(send(buyer.cookie, advert.id, "Надішліть передоплату на картку, і я заберу"));
    await catchResponse(replyIn(seller.cookie, id, { intent: "reply", body: "Ні, тільки при зустрічі." }).then((r) => r.result));

    const invalid = unwrapData((await replyIn(seller.cookie, id, { intent: "report", reason: "nonsense" })).result);
    expect(invalid.status).toBe(400);
    expect((invalid.data as { intent: string }).intent).toBe("report");

    const reported = await catchResponse(replyIn(seller.cookie, id, { intent: "report", reason: "fraud", note: "Просить передоплату" }).then((r) => r.result));
    expect(reported.status).toBe(302);
    expect(reported.headers.get("Set-Cookie")).toContain("__flash=");
    await catchResponse(replyIn(seller.cookie, id, { intent: "report", reason: "spam" }).then((r) => r.result));
    expect(await t.db.selectFrom("reports").select("id").where("target_type", "=", "conversation").where("target_id", "=", id).execute()).toHaveLength(1);
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
    expect(await thrownStatus(asStaff(editor, reports.action, { url: "/dashboard/reports", form: { intent: "hide", target_type: "conversation", target_id: String(id) } }))).toBe(400);
    await catchResponse(asStaff(editor, reports.action, { url: "/dashboard/reports", form: { intent: "resolve", target_type: "conversation", target_id: String(id) } }));
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
    expect(await t.db.selectFrom("reports").select("id").where("target_type", "=", "conversation").where("target_id", "=", id).execute()).toEqual([]);
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

    const { result } = await callWithSession(advertSeller.loader, { url: `/us/advertisement/seller/${sellerId}`, params: { id: sellerId } });
    expect(result.seller).toMatchObject({ name: "Дарина Продавчиня", emailVerified: true, liveCount: 1 });
    expect(result.items.map((item) => item.slug)).toEqual([live.slug]);
    const serialized = JSON.stringify(result);
    expect(serialized).not.toContain(seller.email);
    expect(serialized).not.toContain("seller@example.test");

    for (const id of [String(seller.id), "0000000000000000", "../../etc", "2147483648"]) {
      expect(await thrownStatus(callWithSession(advertSeller.loader, { url: `/advertisement/seller/${id}`, params: { id } }))).toBe(404);
    }
  });
});
