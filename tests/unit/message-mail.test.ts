// Mail about private messages: the first unread message of a conversation is mailed to the
// other party (title and link, never the text, in their language); more messages there are
// mailed at most once per 30 minutes while unread; a daily digest or nothing instead, as the
// user chose in the cabinet; the RFC 8058 one-click unsubscribe turns it off.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import * as cabinet from "#app/routes/cabinet/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { reply, SAME_TEXT_SELLERS, sendAboutAdvert } from "#app/modules/messages/conversations.server.ts";
import { releaseHeld } from "#app/modules/messages/held.server.ts";
import { homeActivity } from "#app/modules/moderation/home.server.ts";
import { queueMessageDigests, sendMessageMail, THROTTLE_MS } from "#app/modules/messages/mail.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { messagesUnsubscribeToken } from "#app/modules/saved-searches/unsubscribe.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { oneClickUnsubscribe, openUnsubscribe } from "../support/unsubscribe.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { insertBicycleAdvert, insertTransportCategory } from "../support/adverts.ts";

const t = useTestDatabase();
const MINUTE = 60 * 1000;
const BODY = "Чи ще продається? Можу забрати завтра.";
let categoryId: number;
let counter = 0;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertTransportCategory(t.db);
});

/** A seller (with the given mail choice and locale) with a live advert, and a buyer. */
async function sellerAndBuyer(choice: "instant" | "daily" | "off" = "instant", locale: "ua" | "us" = "us") {
  const seller = await makeUser({ name: "Seller" });
  const buyer = await makeUser({ name: "Buyer" });
  await t.db.updateTable("users").set({ message_mail: choice, preferred_locale: locale }).where("id", "=", seller.id).execute();
  const title = `Bicycle ${++counter}`;
  const advert = await insertBicycleAdvert(
    t.db,
    { ownerId: seller.id, categoryId, slug: `mail-advert-${counter}`, number: counter },
    { title, description: "A city bicycle in good condition, with lights.", contact_name: "Seller", email: seller.email },
  );
  return { seller, buyer, advertId: advert.id, title };
}

const mailsTo = (email: string) => readOutbox().filter((mail) => mail.to.includes(email));

async function firstMessage(advertId: number, buyerId: number, at: Date): Promise<number> {
  const sent = await sendAboutAdvert(advertId, buyerId, BODY, at);
  if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
  return sent.conversationId;
}

describe("mail about a new message", () => {
  it("the message queues a mail the worker sends: title and thread link, not the text, in the recipient's language, with one-click unsubscribe", async () => {
    const { seller, buyer, advertId, title } = await sellerAndBuyer("instant", "us");
    const conversationId = await firstMessage(advertId, buyer.id, new Date());
    // Queued for a moment later (a message read at once needs no mail): not due yet.
    await runQueuedJobs();
    expect(mailsTo(seller.email)).toHaveLength(0);
    await runQueuedJobs({ ignoreStartAfter: true });
    const mails = mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New message about “${title}”`);
    expect(mails[0]!.link).toBe(`https://portal.example/us/cabinet/messages/${conversationId}`);
    expect(mails[0]!.text).not.toContain("продається");
    const headers = mails[0]!.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/portal\.example\/us\/unsubscribe\?token=m\d+\.[^>]+>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // The buyer, who wrote it, gets nothing.
    expect(mailsTo(buyer.email)).toHaveLength(0);
  });

  it("mails once, holds further messages for 30 minutes while unread, then mails again; reading starts afresh", async () => {
    const { seller, buyer, advertId } = await sellerAndBuyer("instant", "ua");
    const start = new Date(Date.now() + 60 * MINUTE);
    const conversationId = await firstMessage(advertId, buyer.id, start);
    const job = { conversationId, senderId: buyer.id };
    expect(await sendMessageMail(job, new Date(start.getTime() + MINUTE))).toBe("sent");
    expect(mailsTo(seller.email)).toHaveLength(1);
    expect(mailsTo(seller.email)[0]!.subject).toMatch(/^Нове повідомлення щодо «Bicycle \d+»$/);
    // The same message again: nothing new since the mail.
    expect(await sendMessageMail(job, new Date(start.getTime() + 2 * MINUTE))).toBe("none");

    await reply(conversationId, buyer.id, "Ще одне питання.", new Date(start.getTime() + 5 * MINUTE));
    expect(await sendMessageMail(job, new Date(start.getTime() + 6 * MINUTE))).toBe("later");
    expect(mailsTo(seller.email)).toHaveLength(1);
    expect(await sendMessageMail(job, new Date(start.getTime() + MINUTE + THROTTLE_MS))).toBe("sent");
    expect(mailsTo(seller.email)).toHaveLength(2);

    // The seller reads the thread; the next message is the first unread one again: mailed at once.
    await t.db
      .updateTable("conversations")
      .set({ seller_read_at: new Date(start.getTime() + 40 * MINUTE) })
      .where("id", "=", conversationId)
      .execute();
    await reply(conversationId, buyer.id, "Ви тут?", new Date(start.getTime() + 41 * MINUTE));
    expect(await sendMessageMail(job, new Date(start.getTime() + 42 * MINUTE))).toBe("sent");
    expect(mailsTo(seller.email)).toHaveLength(3);
  });

  it("sends nothing at once to a user who chose the digest or none; the digest lists the unread conversations once a day", async () => {
    const daily = await sellerAndBuyer("daily", "us");
    const none = await sellerAndBuyer("off", "us");
    const now = new Date(Date.now() + 3 * 60 * MINUTE);
    const dailyConversation = await firstMessage(daily.advertId, daily.buyer.id, now);
    const noneConversation = await firstMessage(none.advertId, none.buyer.id, now);
    expect(await sendMessageMail({ conversationId: dailyConversation, senderId: daily.buyer.id }, now)).toBe("none");
    expect(await sendMessageMail({ conversationId: noneConversation, senderId: none.buyer.id }, now)).toBe("none");

    await queueMessageDigests(new Date(now.getTime() + MINUTE));
    await runQueuedJobs();
    const digests = mailsTo(daily.seller.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toMatch(/^Unread messages on /);
    expect(digests[0]!.text).toContain(daily.title);
    expect(digests[0]!.text).toContain(`https://portal.example/us/cabinet/messages/${dailyConversation}`);
    expect(mailsTo(none.seller.email)).toHaveLength(0);

    // Later the same day: no second digest, even with a new message.
    await reply(dailyConversation, daily.buyer.id, "Ще тут?", new Date(now.getTime() + 2 * 60 * MINUTE));
    await queueMessageDigests(new Date(now.getTime() + 3 * 60 * MINUTE));
    await runQueuedJobs();
    expect(mailsTo(daily.seller.email)).toHaveLength(1);
    // The next day: the new message is in the next digest.
    await queueMessageDigests(new Date(now.getTime() + 24 * 60 * MINUTE));
    await runQueuedJobs();
    expect(mailsTo(daily.seller.email)).toHaveLength(2);
  });
});

describe("mail about a held message", () => {
  it("mails nobody while staff hold it, and the seller once it is released", async () => {
    const buyer = await makeUser({ name: "Spreader" });
    // Older than a day: a new account may not open this many conversations in an hour at all.
    await t.db
      .updateTable("users")
      .set({ created_at: new Date(Date.now() - 2 * 24 * 60 * MINUTE) })
      .where("id", "=", buyer.id)
      .execute();
    const sellers = [];
    for (let i = 0; i <= SAME_TEXT_SELLERS; i++) {
      const { seller, advertId } = await sellerAndBuyer("instant", "us");
      sellers.push(seller);
      await firstMessage(advertId, buyer.id, new Date());
    }
    await runQueuedJobs({ ignoreStartAfter: true });
    const heldSeller = sellers.at(-1)!;
    expect(sellers.slice(0, -1).map((seller) => mailsTo(seller.email).length)).toEqual(Array(SAME_TEXT_SELLERS).fill(1));
    expect(mailsTo(heldSeller.email)).toHaveLength(0);

    // The dashboard home counts it among what waits in the reports queue.
    const waiting = async () => (await homeActivity("admin", "en")).openReports;
    const before = await waiting();
    const held = await t.db
      .selectFrom("messages")
      .select("id")
      .where("sender_id", "=", buyer.id)
      .where("held_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect(await releaseHeld(held.id)).toBe(1);
    expect(await waiting()).toBe(before! - 1);
    await runQueuedJobs({ ignoreStartAfter: true });
    expect(mailsTo(heldSeller.email)).toHaveLength(1);
  });
});

describe("choosing the mail", () => {
  it("the one-click POST of the mail's unsubscribe link turns it off without signing in; a forged token is a 404", async () => {
    const { seller } = await sellerAndBuyer("instant");
    const token = messagesUnsubscribeToken(seller.id);
    const page = await openUnsubscribe(token);
    expect(page.result).toMatchObject({ state: "confirm", kind: "messages" });
    const done = await oneClickUnsubscribe(token);
    expect(done.result).toMatchObject({ state: "done", kind: "messages" });
    expect((await t.db.selectFrom("users").select("message_mail").where("id", "=", seller.id).executeTakeFirstOrThrow()).message_mail).toBe(
      "off",
    );
    // Another user's id with this signature, or a saved-search token's form: refused.
    const forged = token.replace(/^m\d+/, `m${seller.id + 1}`);
    const refused = await oneClickUnsubscribe(forged);
    expect(unwrapData(refused.result).status).toBe(404);
    const plain = await oneClickUnsubscribe(token.slice(1));
    expect(unwrapData(plain.result).status).toBe(404);
  });

  it("the cabinet form (no JS needed) stores the choice, and refuses anything else with a message at the field", async () => {
    const user = await makeUser({ name: "Chooser" });
    const cookie = await sessionCookieFor(user.id);
    const post = (form: Record<string, string>) =>
      catchResponse(callWithSession(cabinet.action, { url: "/cabinet", cookie, form, middleware: [authMiddleware] }).then((r) => r.result));
    const saved = await post({ intent: "message-mail", messageMail: "daily" });
    expect(saved.status).toBe(302);
    const page = await callWithSession(cabinet.loader, { url: "/cabinet", cookie, middleware: [authMiddleware] });
    expect(page.result.profile.messageMail).toBe("daily");
    const bad = await callWithSession(cabinet.action, {
      url: "/cabinet",
      cookie,
      form: { intent: "message-mail", messageMail: "hourly\u0000" },
      middleware: [authMiddleware],
    });
    const { status, data } = unwrapData(bad.result);
    expect(status).toBe(400);
    expect((data as { result: { error: Record<string, string[]> } }).result.error.messageMail).toEqual(["cabinet:message_mail.invalid"]);
    const row = await sql<{ message_mail: string }>`select message_mail from users where id = ${user.id}`.execute(t.db);
    expect(row.rows[0]!.message_mail).toBe("daily");
  });
});
