// Ratings after a real exchange and a seller's figures: who may rate whom and when (24 hours
// to 30 days after the conversation began, both having written two messages, no block, never a
// third person, once), the one answer, a report and the staff's removal (audited), which
// ratings count, the daily limit, the mail asking to rate (once, after the day), the figures
// the pages show, and the page cache's versions. Time moves by moving the rows' created_at.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import * as thread from "#app/routes/cabinet-message-thread/route.tsx";
import * as seller from "#app/routes/advert-seller/route.tsx";
import { REPORT_LIMIT } from "#app/modules/reports/reports.server.ts";
import * as reports from "#app/routes/dashboard-reports/route.tsx";
import { RATINGS_LIMIT } from "#app/modules/ratings/limits.ts";
import { sendRatingRequests } from "#app/modules/ratings/requests.server.ts";
import { refreshTrustStats, trustProfile } from "#app/modules/ratings/trust-stats.server.ts";
import { myAuthMiddleware } from "#app/modules/auth/guards.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { thrownStatus } from "../support/app-route.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { insertBicycleAdvert, insertTransportCategory } from "../support/adverts.ts";
import { flashMessage } from "../support/messages.ts";

const t = useTestDatabase();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let categoryId: number;
let counter = 0;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertTransportCategory(t.db);
});

type Person = { id: number; email: string; name: string; publicId: string; cookie: string };

/** A signed-in person whose account is `ageHours` old. */
async function person(name: string, ageHours = 48): Promise<Person> {
  const user = await makeUser({ name, verified: true });
  await t.db
    .updateTable("users")
    .set({ created_at: new Date(Date.now() - ageHours * HOUR) })
    .where("id", "=", user.id)
    .execute();
  const row = await t.db.selectFrom("users").select("public_id").where("id", "=", user.id).executeTakeFirstOrThrow();
  return { id: user.id, email: user.email, name, publicId: row.public_id, cookie: await sessionCookieFor(user.id) };
}

/**
 * A conversation about a new advert of the seller, begun `hoursAgo`, with the buyer's and
 * the seller's messages (the seller's first `replyAfterMinutes` after the start).
 */
async function exchange(
  sellerOf: Person,
  buyer: Person,
  { hoursAgo = 25, buyerMessages = 2, sellerMessages = 2, replyAfterMinutes = 30 } = {},
): Promise<number> {
  counter += 1;
  const advert = await insertBicycleAdvert(t.db, { ownerId: sellerOf.id, categoryId, slug: `rating-advert-${counter}`, number: counter });
  const start = new Date(Date.now() - hoursAgo * HOUR);
  const { id } = await t.db
    .insertInto("conversations")
    .values({
      advertisement_id: advert.id,
      advert_title: `Велосипед ${counter}`,
      buyer_id: buyer.id,
      seller_id: sellerOf.id,
      created_at: start,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const rows = [
    ...Array.from({ length: buyerMessages }, (_, i) => ({ sender_id: buyer.id, created_at: at(i === 0 ? 0 : replyAfterMinutes + i) })),
    ...Array.from({ length: sellerMessages }, (_, i) => ({ sender_id: sellerOf.id, created_at: at(replyAfterMinutes + i * 2) })),
  ];
  for (const row of rows)
    await t.db
      .insertInto("messages")
      .values({ conversation_id: id, body: "Добрий день", ...row })
      .execute();
  return id;
}

const moveStart = (conversationId: number, hoursAgo: number) =>
  t.db
    .updateTable("conversations")
    .set({ created_at: new Date(Date.now() - hoursAgo * HOUR) })
    .where("id", "=", conversationId)
    .execute();

const post = (who: Person, conversationId: number, form: Record<string, string>) =>
  callWithSession(thread.action, {
    url: `/cabinet/messages/${conversationId}`,
    cookie: who.cookie,
    params: { id: String(conversationId) },
    form,
  });
const panelOf = async (who: Person, conversationId: number) =>
  (
    await callWithSession(thread.loader, {
      url: `/cabinet/messages/${conversationId}`,
      cookie: who.cookie,
      params: { id: String(conversationId) },
    })
  ).result.rating!;

/** A post that redirected: its flash message key. */
async function flashOf(sent: Promise<{ result: unknown }>) {
  const response = await catchResponse(sent.then((r) => r.result));
  expect(response.status).toBe(302);
  return flashMessage(response);
}

type Refused = { status: number; headers: Headers; form: string[]; fields: Record<string, string[]>; values: Record<string, string> };
async function refused(sent: Promise<{ result: unknown }>): Promise<Refused> {
  const { result } = await sent;
  if (result instanceof Response) throw new Error(`not refused: ${result.status} ${result.headers.get("Location") ?? ""}`);
  const reply = unwrapData(result);
  const answer = (reply.data as { result: { error?: Record<string, string[]>; initialValue: Record<string, string> } }).result;
  return {
    status: reply.status,
    headers: reply.headers,
    form: answer.error?.[""] ?? [],
    fields: answer.error ?? {},
    values: answer.initialValue,
  };
}

const ratingsOf = (ratedId: number) => t.db.selectFrom("user_ratings").selectAll().where("rated_id", "=", ratedId).orderBy("id").execute();

describe("who may rate, and when", () => {
  it("opens 24 hours after the conversation began and closes after 30 days", async () => {
    const s = await person("Марія");
    const b = await person("Тарас");
    const id = await exchange(s, b, { hoursAgo: 23 });
    const early = await refused(post(b, id, { intent: "rate", stars: "5" }));
    expect(early).toMatchObject({ status: 403, form: ["cabinet:ratings.errors.too_early"] });
    const panel = await panelOf(b, id);
    expect(panel).toMatchObject({ canRate: false, hint: { kind: "too_early" } });

    await moveStart(id, 31 * 24);
    expect((await refused(post(b, id, { intent: "rate", stars: "5" }))).form).toEqual(["cabinet:ratings.errors.too_late"]);
    expect(await panelOf(b, id)).toMatchObject({ canRate: false, hint: null });

    await moveStart(id, 25);
    expect(await panelOf(b, id)).toMatchObject({ canRate: true, otherName: "Марія" });
    expect(await flashOf(post(b, id, { intent: "rate", stars: "5", body: "Усе чесно, дякую!" }))).toBe("cabinet:ratings.flash_rated");
    expect(await ratingsOf(s.id)).toMatchObject([{ rater_id: b.id, stars: 5, body: "Усе чесно, дякую!", counted: true }]);
    // The seller may rate the buyer too: each party once.
    expect(await flashOf(post(s, id, { intent: "rate", stars: "4" }))).toBe("cabinet:ratings.flash_rated");
    expect(await ratingsOf(b.id)).toMatchObject([{ rater_id: s.id, stars: 4, body: "" }]);
    expect((await refused(post(b, id, { intent: "rate", stars: "1" }))).form).toEqual(["cabinet:ratings.errors.already"]);
    expect(await ratingsOf(s.id)).toHaveLength(1);
    expect(await panelOf(b, id)).toMatchObject({ canRate: false, given: { stars: 5 }, received: { stars: 4, answer: null } });
  });

  it("needs two messages from each side", async () => {
    const s = await person("Оксана");
    const b = await person("Богдан");
    const fresh = await exchange(s, b, { hoursAgo: 2, sellerMessages: 1 });
    expect(await panelOf(b, fresh)).toMatchObject({ canRate: false, hint: null });
    const id = await exchange(s, b, { sellerMessages: 1 });
    expect((await refused(post(b, id, { intent: "rate", stars: "3" }))).form).toEqual(["cabinet:ratings.errors.too_few_messages"]);
    expect(await panelOf(s, id)).toMatchObject({ canRate: false, hint: { kind: "too_few_messages" } });
    // A held message (waiting for staff) is not delivered: it does not count either.
    await t.db.insertInto("messages").values({ conversation_id: id, sender_id: s.id, body: "Так", held_at: new Date() }).execute();
    expect((await panelOf(s, id)).canRate).toBe(false);
    await t.db.insertInto("messages").values({ conversation_id: id, sender_id: s.id, body: "Так, продаю" }).execute();
    expect((await panelOf(s, id)).canRate).toBe(true);
  });

  it("is closed while either blocks the other", async () => {
    const s = await person("Ірина");
    const b = await person("Петро");
    const id = await exchange(s, b);
    await t.db.insertInto("user_blocks").values({ blocker_id: b.id, blocked_id: s.id }).execute();
    expect((await refused(post(s, id, { intent: "rate", stars: "1" }))).form).toEqual(["cabinet:ratings.errors.blocked"]);
    expect((await refused(post(b, id, { intent: "rate", stars: "1" }))).form).toEqual(["cabinet:ratings.errors.blocked"]);
    expect(await panelOf(s, id)).toMatchObject({ canRate: false, hint: null });
    expect(await ratingsOf(s.id)).toEqual([]);
  });

  it("a third person finds no conversation to rate, nor a rating to answer", async () => {
    const s = await person("Олена");
    const b = await person("Іван");
    const stranger = await person("Сторонній");
    const id = await exchange(s, b);
    expect(await thrownStatus(post(stranger, id, { intent: "rate", stars: "1", body: "Погано" }))).toBe(404);
    expect(await thrownStatus(panelOf(stranger, id))).toBe(404);
    await flashOf(post(b, id, { intent: "rate", stars: "2" }));
    const [rating] = await ratingsOf(s.id);
    expect(await thrownStatus(post(stranger, id, { intent: "answer", rating: String(rating!.id), answer: "Неправда" }))).toBe(404);
    // The rater cannot answer their own rating either: only the rated person.
    expect(await thrownStatus(post(b, id, { intent: "answer", rating: String(rating!.id), answer: "Ще раз" }))).toBe(404);
    expect(await ratingsOf(s.id)).toMatchObject([{ answer: null }]);
  });

  it("bad input is refused with 400, the message beside the field and the text kept", async () => {
    const s = await person("Зоя");
    const b = await person("Антон");
    const id = await exchange(s, b);
    const noStars = await refused(post(b, id, { intent: "rate", body: "Без зірок" }));
    expect(noStars.status).toBe(400);
    expect(noStars.fields.stars).toEqual(["cabinet:ratings.errors.stars"]);
    expect(noStars.values.body).toBe("Без зірок");
    const six = await refused(post(b, id, { intent: "rate", stars: "6" }));
    expect(six.fields.stars).toEqual(["cabinet:ratings.errors.stars"]);
    const long = await refused(post(b, id, { intent: "rate", stars: "4", body: "я".repeat(501) }));
    expect(long.status).toBe(400);
    expect(long.fields.body).toEqual([`cabinet:ratings.errors.too_long|${JSON.stringify({ max: 500 })}`]);
    expect(long.values.body).toHaveLength(501);
    expect(await ratingsOf(s.id)).toEqual([]);
  });
});

describe("the answer, the report and the staff's removal", () => {
  it("the rated person answers once; a report reaches the queue; staff remove the rating, audited", async () => {
    const s = await person("Галина");
    const b = await person("Юрій");
    const reader = await person("Читач");
    const id = await exchange(s, b);
    await flashOf(post(b, id, { intent: "rate", stars: "1", body: "Образливий відгук" }));
    const [rating] = await ratingsOf(s.id);
    const ratingId = String(rating!.id);

    const empty = await refused(post(s, id, { intent: "answer", rating: ratingId, answer: "  " }));
    expect(empty).toMatchObject({ status: 400, fields: { answer: ["cabinet:ratings.errors.answer_empty"] } });
    expect(await flashOf(post(s, id, { intent: "answer", rating: ratingId, answer: "Це неправда." }))).toBe(
      "cabinet:ratings.flash_answered",
    );
    const again = await refused(post(s, id, { intent: "answer", rating: ratingId, answer: "Ще раз" }));
    expect(again).toMatchObject({ status: 400, form: ["cabinet:ratings.errors.answered_already"] });
    expect(await ratingsOf(s.id)).toMatchObject([{ answer: "Це неправда." }]);

    // The seller page shows the review with its answer.
    const page = async () =>
      (await callWithSession(seller.loader, { url: `/advertisement/seller/${s.publicId}`, params: { id: s.publicId } })).result;
    expect((await page()).trust).toMatchObject({
      rating: { average: "1,0", count: 1 },
      reviews: [{ stars: 1, body: "Образливий відгук", by: "Юрій", answer: "Це неправда." }],
    });

    // Reporting: signed in only, a reason needed (400, kept beside the field), once per reporter.
    const report = (who: Person | null, form: Record<string, string>) =>
      callWithSession(seller.action, { url: `/advertisement/seller/${s.publicId}`, params: { id: s.publicId }, cookie: who?.cookie, form });
    expect(
      (await catchResponse(report(null, { intent: "report_rating", rating: ratingId, reason: "offensive" }).then((r) => r.result))).status,
    ).toBe(302);
    const noReason = unwrapData((await report(s, { intent: "report_rating", rating: ratingId })).result);
    expect(noReason.status).toBe(400);
    expect(noReason.data).toEqual({ rating: ratingId, errors: ["cabinet:ratings.errors.reason_required"] });
    expect(await flashOf(report(s, { intent: "report_rating", rating: ratingId, reason: "offensive" }))).toBe(
      "adverts:trust.flash_reported",
    );
    expect(await flashOf(report(s, { intent: "report_rating", rating: ratingId, reason: "offensive" }))).toBe(
      "adverts:trust.flash_report_duplicate",
    );
    expect(await flashOf(report(reader, { intent: "report_rating", rating: ratingId, reason: "spam" }))).toBe(
      "adverts:trust.flash_reported",
    );
    expect(
      await t.db.selectFrom("reports").select(["reporter_id", "target_type"]).where("target_type", "=", "rating").execute(),
    ).toHaveLength(2);

    const editor = await makeUser({ role: "editor", name: "Редактор" });
    const editorCookie = await sessionCookieFor(editor.id);
    const asEditor = <F extends (args: never) => unknown>(fn: F, form?: Record<string, string>) =>
      callWithSession(fn as never, { url: "/dashboard/reports", cookie: editorCookie, middleware: [myAuthMiddleware], form });
    const queue = (await asEditor(reports.loader)).result as Awaited<ReturnType<typeof reports.loader>>;
    const group = queue.groups.find((g) => g.targetType === "rating" && g.targetId === rating!.id);
    expect(group).toMatchObject({ count: 2, title: expect.stringContaining("★☆☆☆☆") });
    expect(group!.evidence!.messages.map((m) => m.body)).toEqual(["Образливий відгук", "Це неправда."]);

    await catchResponse(
      asEditor(reports.action, { intent: "hide", target_type: "rating", target_id: ratingId, note: "Образи" }).then((r) => r.result),
    );
    const removed = await t.db
      .selectFrom("user_ratings")
      .select(["removed_at", "removed_by"])
      .where("id", "=", rating!.id)
      .executeTakeFirstOrThrow();
    expect(removed.removed_at).not.toBeNull();
    expect(removed.removed_by).toBe(editor.id);
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "rating")
      .where("entity_id", "=", rating!.id)
      .execute();
    expect(audit).toMatchObject([{ actor_id: editor.id, action: "hide" }]);
    expect(JSON.parse(JSON.stringify(audit[0]!.before))).toMatchObject({ stars: 1, body: "Образливий відгук" });
    expect(await t.db.selectFrom("reports").select("status").where("target_type", "=", "rating").execute()).toEqual([
      { status: "resolved" },
      { status: "resolved" },
    ]);
    expect((await page()).trust).toMatchObject({ rating: null, reviews: [] });
    // The thread says so; the removed rating cannot be answered or reported again.
    expect((await panelOf(s, id)).received).toMatchObject({ removed: true });
    expect(await thrownStatus(report(reader, { intent: "report_rating", rating: ratingId, reason: "spam" }))).toBe(404);

    // Reports of every kind share one budget per address: past it, 429 with Retry-After.
    let limited: { status: number; headers: Headers } | null = null;
    for (let i = 0; i <= REPORT_LIMIT.max && !limited; i++) {
      const outcome = await callWithSession(seller.action, {
        url: `/advertisement/seller/${s.publicId}`,
        params: { id: s.publicId },
        cookie: reader.cookie,
        ip: "192.0.2.77",
        form: { intent: "report_rating", rating: ratingId, reason: "spam" },
      }).then(
        (r) => unwrapData(r.result),
        (thrown: Response) => thrown,
      );
      if (outcome.status === 429) limited = outcome;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("what counts", () => {
  it("a rater's account younger than a day, and a second rating of the same person, are kept but not counted", async () => {
    const s = await person("Лариса");
    const young = await person("Новачок", 10);
    const regular = await person("Постійний");
    await flashOf(post(young, await exchange(s, young), { intent: "rate", stars: "1", body: "Фейк" }));
    await flashOf(post(regular, await exchange(s, regular), { intent: "rate", stars: "5", body: "Чудово" }));
    await flashOf(post(regular, await exchange(s, regular), { intent: "rate", stars: "5", body: "І вдруге чудово" }));
    expect((await ratingsOf(s.id)).map((r) => [r.stars, r.counted])).toEqual([
      [1, false],
      [5, true],
      [5, false],
    ]);
    const trust = await trustProfile(s.id, "uk");
    expect(trust).toMatchObject({ rating: { average: "5,0", count: 1 }, reviews: [{ body: "Чудово" }] });
    expect(
      await t.db.selectFrom("user_trust_stats").select(["rating_count", "rating_average"]).where("user_id", "=", s.id).executeTakeFirst(),
    ).toEqual({
      rating_count: 1,
      rating_average: "5.00",
    });
  });

  it("past 20 ratings a day a rating is refused with 429 and Retry-After", async () => {
    const s = await person("Віра");
    const b = await person("Степан");
    const id = await exchange(s, b);
    const now = Date.now();
    await t.db
      .insertInto("rate_limit_events")
      .values(
        Array.from({ length: RATINGS_LIMIT.max }, (_, i) => ({ key: `rating:user:${b.id}`, created_at: new Date(now - (i + 1) * 60_000) })),
      )
      .execute();
    const limited = await refused(post(b, id, { intent: "rate", stars: "4", body: "Добре" }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.form[0]).toMatch(/^cabinet:ratings\.errors\.too_many\|/);
    expect(limited.values).toMatchObject({ stars: "4", body: "Добре" });
    expect(await ratingsOf(s.id)).toEqual([]);
  });
});

describe("the mail asking to rate", () => {
  it("goes to both parties once, after the first day, with the thread's link", async () => {
    // The other tests' conversations first: this one is the only one due afterwards.
    await sendRatingRequests();
    const s = await person("Соломія");
    const b = await person("Максим");
    const id = await exchange(s, b, { hoursAgo: 23 });
    const quiet = await exchange(s, await person("Мовчун"), { sellerMessages: 0 });
    const mailsAbout = () => readOutbox().filter((mail) => mail.text.includes(`/cabinet/messages/${id}`));
    expect(await sendRatingRequests()).toBe(0);
    expect(mailsAbout()).toEqual([]);

    await moveStart(id, 25);
    expect(await sendRatingRequests()).toBe(2);
    const mails = mailsAbout();
    expect(mails.map((mail) => mail.to).sort()).toEqual([b.email, s.email].sort());
    expect(mails.find((mail) => mail.to.includes(b.email))!.subject).toContain("Соломія");
    expect(readOutbox().some((mail) => mail.text.includes(`/cabinet/messages/${quiet}`))).toBe(false);

    // Claimed per conversation and party: another scan, or a scan a day later, sends nothing again.
    expect(await sendRatingRequests()).toBe(0);
    expect(await sendRatingRequests(new Date(Date.now() + DAY))).toBe(0);
    expect(mailsAbout()).toHaveLength(2);
  });
});

describe("the seller's figures", () => {
  it("answers: the median first reply as recipient and the share answered, shown from three conversations", async () => {
    const s = await person("Тетяна", 24 * 400);
    await exchange(s, await person("Покупець 1"), { replyAfterMinutes: 60 });
    await exchange(s, await person("Покупець 2"), { replyAfterMinutes: 180 });
    await refreshTrustStats([s.id]);
    expect(await trustProfile(s.id, "en")).toMatchObject({ replyHours: null, answerRate: null, liveAdverts: 2, soldAdverts: 0 });

    await exchange(s, await person("Покупець 3"), { sellerMessages: 0 });
    // An old conversation (past 90 days) is not counted.
    await exchange(s, await person("Покупець 4"), { hoursAgo: 100 * 24, replyAfterMinutes: 5 });
    const advert = await t.db
      .selectFrom("advertisements")
      .select("id")
      .where("owner_id", "=", s.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await t.db.updateTable("advertisements").set({ status: "sold" }).where("id", "=", advert.id).execute();
    await refreshTrustStats();
    expect(await t.db.selectFrom("user_trust_stats").selectAll().where("user_id", "=", s.id).executeTakeFirst()).toMatchObject({
      received_conversations: 3,
      answered_conversations: 2,
      reply_median_minutes: 120,
      live_adverts: 3,
      sold_adverts: 1,
    });
    const trust = await trustProfile(s.id, "en");
    expect(trust).toMatchObject({ replyHours: 2, answerRate: 67, emailVerified: true, rating: null });
    expect(trust!.memberSince.text).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  });

  it("a refresh that changes nothing leaves the page cache's versions; a rating bumps them", async () => {
    const s = await person("Надія");
    const b = await person("Роман");
    const id = await exchange(s, b);
    await refreshTrustStats();
    const version = async (name: string) =>
      Number((await sql<{ version: string }>`select version from content_versions where name = ${name}`.execute(t.db)).rows[0]!.version);
    const before = { stats: await version("user_trust_stats"), ratings: await version("user_ratings") };
    expect(await refreshTrustStats()).toBe(0);
    expect(await version("user_trust_stats")).toBe(before.stats);
    await flashOf(post(b, id, { intent: "rate", stars: "5" }));
    expect(await version("user_ratings")).toBeGreaterThan(before.ratings);
    expect(await version("user_trust_stats")).toBeGreaterThan(before.stats);
  });
});
