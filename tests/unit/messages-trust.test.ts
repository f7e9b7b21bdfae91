// Trust in private messages: a block covers the person (every conversation between the two,
// and new ones, both ways, until the blocker lifts it), replies have a per-user limit, and a
// text sent to many sellers is held however it is disguised (case, spacing, punctuation,
// look-alike letters and digits, small edits).
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import * as inbox from "#app/routes/cabinet-messages/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { SAME_TEXT_SELLERS } from "#app/modules/messages/conversations.server.ts";
import * as limits from "#app/modules/messages/limits.ts";
import {
  FINGERPRINT_CHARS,
  fingerprint,
  NEAR_DUPLICATE_SIMILARITY,
  nearDuplicate,
  similarity,
  skeleton,
} from "#app/modules/messages/near-duplicate.ts";
import * as userBlocksMigration from "../../migrations/0031_user_blocks.ts";
import { useTestDatabase } from "../support/db.ts";
import { thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { insertBicycleAdvert, insertTransportCategory } from "../support/adverts.ts";
import { conversationOf, flashMessage, openAs, replyIn, send } from "../support/messages.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;
let categoryId: number;
let counter = 0;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertTransportCategory(t.db);
});

function insertAdvert(db: Kysely<DB>, ownerId: number) {
  counter += 1;
  return insertBicycleAdvert(db, { ownerId, categoryId, slug: `trust-advert-${counter}`, number: counter });
}

async function person(name: string) {
  const user = await makeUser({ name, verified: true });
  // Established accounts: the stricter limit of a day-old account is not what these tests are about.
  await t.db
    .updateTable("users")
    .set({ created_at: new Date(Date.now() - 48 * HOUR) })
    .where("id", "=", user.id)
    .execute();
  const row = await t.db.selectFrom("users").select("public_id").where("id", "=", user.id).executeTakeFirstOrThrow();
  return { ...user, publicId: row.public_id, cookie: await sessionCookieFor(user.id) };
}

/** A seller with a live advert, and a buyer (both made now, in that order). */
async function sellerBuyerAndAdvert(sellerName: string, buyerName: string) {
  const seller = await person(sellerName);
  const buyer = await person(buyerName);
  return { seller, buyer, advert: await insertAdvert(t.db, seller.id) };
}

async function flashOf(sent: Promise<{ result: unknown }>) {
  const response = await catchResponse(sent.then((r) => r.result));
  expect(response.status).toBe(302);
  return flashMessage(response);
}

type Refusal = { status: number; headers: Headers; error: string[]; body: string };

/** A refused form: its status, headers, form-level errors and the text it gives back to the field. */
async function refusal(sent: Promise<{ result: unknown }>): Promise<Refusal> {
  const { result: answer } = await sent;
  if (answer instanceof Response) throw new Error(`not refused: ${answer.status} ${answer.headers.get("Location") ?? ""}`);
  const reply = unwrapData(answer);
  const result = (reply.data as { result: { error?: Record<string, string[]>; initialValue: Record<string, string> } }).result;
  return { status: reply.status, headers: reply.headers, error: result.error?.[""] ?? [], body: result.initialValue.body ?? "" };
}

const mailsTo = (email: string) => readOutbox().filter((mail) => mail.to.includes(email));

const conversationsAbout = (advertId: number) =>
  t.db.selectFrom("conversations").select("id").where("advertisement_id", "=", advertId).execute();

describe("a block covers the person", () => {
  it("a seller who blocks a buyer in one conversation gets nothing from them about another advert: not stored, not mailed; both ways", async () => {
    const seller = await person("Марія");
    const buyer = await person("Тарас");
    const first = await insertAdvert(t.db, seller.id);
    const second = await insertAdvert(t.db, seller.id);
    const third = await insertAdvert(t.db, seller.id);
    const firstId = await conversationOf(send(buyer.cookie, first.id, "Добрий день, ще продається?"));
    const secondId = await conversationOf(send(buyer.cookie, second.id, "А цей теж продаєте?"));
    await runQueuedJobs({ ignoreStartAfter: true });
    const mailedBefore = mailsTo(seller.email).length;

    expect((await catchResponse(replyIn(seller.cookie, firstId, { intent: "block" }).then((r) => r.result))).status).toBe(302);

    // The other open conversation: refused, the blocked side told as in the blocked one, the text kept.
    const again = await refusal(send(buyer.cookie, second.id, "Чому мовчите?"));
    expect(again).toMatchObject({ status: 403, error: ["cabinet:messages.errors.blocked"], body: "Чому мовчите?" });
    const replied = await refusal(replyIn(buyer.cookie, secondId, { intent: "reply", body: "Агов?" }));
    expect(replied).toMatchObject({ status: 403, error: ["cabinet:messages.errors.blocked"], body: "Агов?" });
    // And the blocker cannot write there either.
    expect((await refusal(replyIn(seller.cookie, secondId, { intent: "reply", body: "Вибачте" }))).status).toBe(403);
    expect((await openAs(buyer.cookie, secondId)).result.thread.blocked).toBe("by_other");
    expect((await openAs(seller.cookie, secondId)).result.thread.blocked).toBe("by_me");

    // A new conversation about a third advert: refused with its own message, nothing stored.
    const fresh = await refusal(send(buyer.cookie, third.id, "Тоді про інше оголошення"));
    expect(fresh).toMatchObject({ status: 403, error: ["cabinet:messages.errors.blocked_new"], body: "Тоді про інше оголошення" });
    expect(await conversationsAbout(third.id)).toEqual([]);

    const bodies = await t.db
      .selectFrom("messages")
      .select("body")
      .where("conversation_id", "in", [firstId, secondId])
      .orderBy("id")
      .execute();
    expect(bodies.map((m) => m.body)).toEqual(["Добрий день, ще продається?", "А цей теж продаєте?"]);
    await runQueuedJobs({ ignoreStartAfter: true });
    expect(mailsTo(seller.email)).toHaveLength(mailedBefore);
    // The inbox marks both conversations with them as blocked.
    const rows = (await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: seller.cookie })).result.items;
    expect(rows.map((row) => [row.id, row.blocked])).toEqual([
      [secondId, true],
      [firstId, true],
    ]);
  });

  it("the blocker cannot open a conversation with the person either, lifts the block from the inbox's list, and then messages go both ways", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndAdvert("Ганна", "Петро");
    const buyersAdvert = await insertAdvert(t.db, buyer.id);
    const id = await conversationOf(send(buyer.cookie, advert.id, "Можна подивитися сьогодні?"));
    await catchResponse(replyIn(seller.cookie, id, { intent: "block" }).then((r) => r.result));

    const own = await refusal(send(seller.cookie, buyersAdvert.id, "Хочу купити ваш"));
    expect(own).toMatchObject({ status: 403, error: ["cabinet:messages.errors.you_blocked"], body: "Хочу купити ваш" });
    expect(await conversationsAbout(buyersAdvert.id)).toEqual([]);

    // The blocker's inbox lists the people they blocked; the blocked side's lists nobody.
    const listed = (await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: seller.cookie })).result;
    expect(listed.blocked).toEqual([{ publicId: buyer.publicId, name: "Петро" }]);
    expect((await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: buyer.cookie })).result.blocked).toEqual([]);

    // Only the blocker lifts it; bad input is a 4xx, never a 5xx.
    const unblockBy = (cookie: string, user: string) =>
      callWithSession(inbox.action, { url: "/cabinet/messages", cookie, form: { intent: "unblock", user } });
    expect(await thrownStatus(unblockBy(buyer.cookie, seller.publicId))).toBe(404);
    for (const user of ["", "x".repeat(500), "1 or 1=1"])
      expect(await thrownStatus(unblockBy(seller.cookie, user))).toBeGreaterThanOrEqual(400);
    const lifted = await catchResponse(unblockBy(seller.cookie, buyer.publicId).then((r) => r.result));
    expect(lifted.status).toBe(302);
    expect(flashMessage(lifted)).toBe("cabinet:messages.flash_unblocked");

    expect(await conversationOf(send(buyer.cookie, advert.id, "Дякую, що розблокували"))).toBe(id);
    await conversationOf(send(seller.cookie, buyersAdvert.id, "Хочу купити ваш"));
    expect((await callWithSession(inbox.loader, { url: "/cabinet/messages", cookie: seller.cookie })).result.blocked).toEqual([]);
  });
});

describe("the reply limit", () => {
  it("refuses replies past the per-user limit with 429, Retry-After and a message beside the field, keeping the text; the other door counts too", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndAdvert("Оксана", "Флудер");
    const id = await conversationOf(send(buyer.cookie, advert.id, "Привіт"));
    const body = "Відповідь ".repeat(400).slice(0, 4000);
    let accepted = 0;
    let refused: Refusal | null = null;
    // The first message counted as one; stop at the first refusal (or well past any sane limit).
    for (let attempt = 0; attempt < 60 && !refused; attempt++) {
      const sent = await replyIn(buyer.cookie, id, { intent: "reply", body });
      if (sent.result instanceof Response) accepted++;
      else refused = await refusal(Promise.resolve(sent));
    }
    expect(refused).not.toBeNull();
    expect(accepted + 1).toBe(limits.MESSAGES_LIMIT.max);
    expect(refused!.status).toBe(429);
    const retryAfter = Number(refused!.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limits.MESSAGES_LIMIT.windowMs / 1000);
    expect(refused!.error[0]).toMatch(/^cabinet:messages\.errors\.too_many_messages\|\{"minutes":\d+\}$/);
    expect(refused!.body).toBe(body);

    // Posting the reply as a "first message" about the same advert is the same limit.
    const otherDoor = await refusal(send(buyer.cookie, advert.id, "Ще раз"));
    expect(otherDoor.status).toBe(429);
    expect(otherDoor.body).toBe("Ще раз");

    // The seller's own replies are theirs to count.
    await conversationOf(replyIn(seller.cookie, id, { intent: "reply", body: "Досить." }));
    const stored = await t.db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sender_id", "=", buyer.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(limits.MESSAGES_LIMIT.max);
  });
});

describe("the same text to many sellers, disguised", () => {
  async function sellersWithAdverts(count: number) {
    return Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const seller = await person(`Продавець ${index + 1}`);
        return { seller, advert: await insertAdvert(t.db, seller.id) };
      }),
    );
  }

  const heldIn = async (advertId: number) => {
    const [conversation] = await conversationsAbout(advertId);
    return t.db.selectFrom("messages").select(["body", "held_at"]).where("conversation_id", "=", conversation!.id).execute();
  };

  it("holds the red team's variants: ' .' appended, 0 for o, other spacing and case, Cyrillic о for Latin o", async () => {
    const BASE = "Hello! Cheap loans today, write to me on Telegram @fastcash";
    const buyer = await person("Spammer");
    const targets = await sellersWithAdverts(SAME_TEXT_SELLERS + 3);
    const variants = [
      BASE,
      `${BASE} .`,
      BASE.replace("Hello", "Hell0"),
      BASE.toUpperCase().replace(/ /g, "   "),
      BASE.replace(/o/g, "\u043e"),
      // Past five sellers: each of these is the same text and is held.
      `${BASE.replace("Hello", "Hell0")} .`,
      BASE.replace(/e/g, "\u0435").replace(/l/g, "1").toLowerCase(),
      `  ${BASE.replace(/,/g, " ,").replace("Cheap", "CHEAP")}!!!`,
    ];
    for (const [index, { advert }] of targets.entries()) {
      const flash = await flashOf(send(buyer.cookie, advert.id, variants[index]!));
      expect([index, flash]).toEqual([index, index < SAME_TEXT_SELLERS ? "cabinet:messages.flash_sent" : "cabinet:messages.flash_held"]);
    }
    for (const { advert } of targets.slice(SAME_TEXT_SELLERS)) expect((await heldIn(advert.id))[0]!.held_at).not.toBeNull();
  });

  it("holds near-duplicates (a word added, a code changed) and delivers different questions", async () => {
    const BASE = "Доброго дня! Маю для вас вигідну пропозицію, пишіть мені у вайбер за номером 0991234567, код знижки";
    const buyer = await person("Розсильник");
    const targets = await sellersWithAdverts(SAME_TEXT_SELLERS + 1);
    for (const [index, { advert }] of targets.entries()) {
      const flash = await flashOf(send(buyer.cookie, advert.id, `${index % 2 ? "Привіт. " : ""}${BASE} A${index}${index * 7}`));
      expect([index, flash]).toEqual([index, index < SAME_TEXT_SELLERS ? "cabinet:messages.flash_sent" : "cabinet:messages.flash_held"]);
    }

    const asker = await person("Звичайний покупець");
    const questions = [
      "Чи ще продається велосипед?",
      "Яка остаточна ціна?",
      "Можна подивитися завтра ввечері?",
      "Чи є доставка до Кракова?",
      "Скільки років рамі і які шини?",
      "Чи торгуєтеся?",
      "Де саме ви знаходитесь?",
    ];
    const others = await sellersWithAdverts(questions.length);
    for (const [index, { advert }] of others.entries())
      expect(await flashOf(send(asker.cookie, advert.id, questions[index]!))).toBe("cabinet:messages.flash_sent");
  });
});

describe("the near-duplicate measure", () => {
  it("undoes case, spacing, punctuation, accents, look-alike letters and digits", () => {
    const base = skeleton("Hello! Cheap loans, write to me");
    expect(base).toBe("heiocheapioanswritetome");
    for (const variant of [
      "Hello! Cheap loans, write to me .",
      "Hell0! Cheap loans, write to me",
      "H E L L O   cheap   LOANS write to me",
      "H\u0435ll\u043e! Ch\u0435\u0430p l\u043e\u0430ns, writ\u0435 t\u043e m\u0435",
      "He11o!!! Ch3ap l0ans - wr1te to me",
      "\uff28\uff45\uff4c\uff4c\uff4f cheap loans write to me",
      "Héllo! Cheap loans, write\u200b to me",
    ]) {
      expect([variant, skeleton(variant)]).toEqual([variant, base]);
    }
    // Ukrainian written with Latin look-alikes is the same Ukrainian.
    expect(skeleton("Пpивiт, пишiть y вайбеp")).toBe(skeleton("Привіт, пишіть у вайбер"));
    // Signs only: compared as written.
    expect(skeleton("👍 !")).toBe("👍!");
  });

  it("counts small edits as the same text and different questions as different, in bounded work", () => {
    const spam = fingerprint("Вигідна пропозиція! Пишіть у месенджер за номером 0991234567, код знижки A17");
    expect(
      similarity(spam, fingerprint("Вигідна пропозиція! Пишіть у месенджер за номером 0991234567, код знижки B93")),
    ).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY);
    expect(nearDuplicate(spam, fingerprint("Привіт. Вигідна пропозиція! Пишіть у месенджер за номером 0991234567, код знижки A17"))).toBe(
      true,
    );
    expect(nearDuplicate(fingerprint("Чи ще продається велосипед?"), fingerprint("Чи ще продається самокат?"))).toBe(false);
    expect(nearDuplicate(fingerprint("Яка остаточна ціна?"), fingerprint("Можна подивитися завтра ввечері?"))).toBe(false);
    expect(nearDuplicate(spam, fingerprint("Вигідна"))).toBe(false);
    // Only the start of a long text is read: its fingerprint is bounded whatever the length.
    const long = fingerprint("абвгґдеєжзиіїйклмнопрстуфхцчшщьюя ".repeat(200));
    expect(long.skeleton.length).toBeLessThanOrEqual(FINGERPRINT_CHARS);
    expect(long.shingles.size).toBeLessThanOrEqual(FINGERPRINT_CHARS);
  });
});

describe("blocks made before blocks covered the person", () => {
  it("become blocks of the person when the migration runs", async () => {
    const seller = await person("Світлана");
    const buyer = await person("Іван");
    const [blocked, other] = [await insertAdvert(t.db, seller.id), await insertAdvert(t.db, seller.id)];
    const id = await conversationOf(send(buyer.cookie, blocked.id, "Доброго вечора"));
    // Back to per-conversation blocks, as the data stood, with one such block.
    await userBlocksMigration.down(t.db);
    await sql`update conversations set blocked_by = ${seller.id}, blocked_at = now() where id = ${id}`.execute(t.db);
    await userBlocksMigration.up(t.db);

    const rows = await t.db
      .selectFrom("user_blocks")
      .select(["blocker_id", "blocked_id"])
      .where((eb) => eb.or([eb("blocker_id", "in", [seller.id, buyer.id]), eb("blocked_id", "in", [seller.id, buyer.id])]))
      .execute();
    expect(rows).toEqual([{ blocker_id: seller.id, blocked_id: buyer.id }]);
    expect((await refusal(send(buyer.cookie, other.id, "А інше оголошення?"))).error).toEqual(["cabinet:messages.errors.blocked_new"]);
    expect((await openAs(seller.cookie, id)).result.thread.blocked).toBe("by_me");
  });
});
