// The newsletter: double opt-in (the form answers alike for any address and is rate-limited),
// the one-time confirmation, the manage page, the RFC 8058 one-click unsubscribe (which the
// origin check lets through, and only it), the cabinet's section, the weekly digest's content
// per topic and language, and the staff's issues.
import { beforeAll, describe, expect, it } from "vitest";
import * as subscribePage from "#app/routes/newsletter/route.tsx";
import * as confirmPage from "#app/routes/newsletter-confirm/route.tsx";
import * as managePage from "#app/routes/newsletter-manage/route.tsx";
import * as unsubscribePage from "#app/routes/newsletter-unsubscribe/route.tsx";
import * as cabinetPage from "#app/routes/cabinet-newsletter/route.tsx";
import * as composer from "#app/routes/dashboard-newsletter-edit/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { deleteAccount } from "#app/modules/auth/users.server.ts";
import { strFromU8, unzipSync } from "fflate";
import * as exportPage from "#app/routes/cabinet-export-file/route.ts";
import { listIssues, releaseIssue, saveDraft } from "#app/modules/newsletter/issues.server.ts";
import { manageToken } from "#app/modules/newsletter/links.server.ts";
import { runNewsletterScan, sendIssueBatch, siteClock, startDueDigest } from "#app/modules/newsletter/send.server.ts";
import { sameOriginMiddleware } from "#app/platform/http/same-origin.server.ts";
import { callWithSession, makeUser, mailsTo, sessionCookieFor, tokenOf, useAccountConfig } from "../support/auth.ts";
import { insertBicycleAdvert } from "../support/adverts.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { buildRequest, catchResponse, unwrapData } from "../support/route.ts";

const t = useTestDatabase();
let transport: number;
let bicycles: number;
let homes: number;
let counter = 0;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  transport = await insertRow(t.db, "categories", { kind: "advertisement", slug: "transport", name_uk: "Транспорт", name_en: "Transport" });
  bicycles = await insertRow(t.db, "categories", { kind: "advertisement", slug: "bicycles", name_uk: "Велосипеди", parent_id: transport });
  homes = await insertRow(t.db, "categories", { kind: "advertisement", slug: "homes", name_uk: "Житло", name_en: "Homes" });
});

/** What an action returned: a redirect is returned, not thrown. */
async function answerOf(call: Promise<{ result: unknown }>): Promise<Response> {
  const { result } = await call;
  if (!(result instanceof Response)) throw new Error(`Expected a Response, got ${JSON.stringify(result)}`);
  return result;
}

const email = () => `reader${++counter}-${Date.now()}@example.test`;

function postSubscribe(form: Record<string, string | string[]>, ip = "203.0.113.7", path = "/newsletter") {
  return callWithSession(subscribePage.action, { url: path, form, ip });
}

async function subscriberRow(address: string) {
  return t.db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", address.toLowerCase()).executeTakeFirst();
}

/** Subscribes and confirms through the pages, as a reader would; the subscriber's id. */
async function confirmedReader(
  address: string,
  form: Record<string, string | string[]> = { topics: ["news"], language: "uk" },
): Promise<number> {
  const answer = await answerOf(postSubscribe({ email: address, ...form }, `198.51.100.${++counter % 250}`));
  expect(answer.status).toBe(303);
  await runQueuedJobs();
  const link = mailsTo(address).at(-1)!.link;
  const { result } = await callWithSession(confirmPage.action, { url: "/newsletter/confirm", form: { token: tokenOf(link) } });
  expect(unwrapData(result).data).toMatchObject({ state: "done" });
  return (await subscriberRow(address))!.id;
}

describe("subscribing", () => {
  it("stores a pending address and mails a one-time confirmation link, from the public origin, in the chosen language", async () => {
    const address = email();
    const answer = await answerOf(postSubscribe({ email: address.toUpperCase(), topics: ["news", "events"], language: "en" }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/newsletter?sent=1");
    expect(await subscriberRow(address)).toMatchObject({ status: "pending", language: "en", topics: ["news", "events"] });
    // Nothing goes out inside the request: the job queue sends it.
    expect(mailsTo(address)).toHaveLength(0);
    await runQueuedJobs();
    const [mail] = mailsTo(address);
    expect(mail!.subject).toContain("Confirm your subscription");
    expect(mail!.link).toMatch(/^https:\/\/portal\.example\/us\/newsletter\/confirm\?token=[\w-]{40,}$/);

    // Opening the link only asks; the post confirms, once.
    const opened = await callWithSession(confirmPage.loader, { url: new URL(mail!.link!).pathname + new URL(mail!.link!).search });
    expect(unwrapData(opened.result).data).toMatchObject({ state: "ask" });
    expect((await subscriberRow(address))!.status).toBe("pending");
    const first = await callWithSession(confirmPage.action, { url: "/us/newsletter/confirm", form: { token: tokenOf(mail!.link) } });
    expect(unwrapData(first.result).data).toMatchObject({ state: "done", email: address });
    expect((await subscriberRow(address))!.status).toBe("confirmed");
    const again = await callWithSession(confirmPage.action, { url: "/us/newsletter/confirm", form: { token: tokenOf(mail!.link) } });
    expect(unwrapData(again.result)).toMatchObject({ status: 404, data: { state: "invalid" } });
  });

  it("answers a confirmed address exactly as a new one, mails its owner the manage link, and changes nothing", async () => {
    const address = email();
    await confirmedReader(address, { topics: ["news"], language: "uk" });
    const before = mailsTo(address).length;
    const fresh = await answerOf(postSubscribe({ email: email(), topics: ["events"], language: "en" }));
    const known = await answerOf(postSubscribe({ email: address, topics: ["events"], language: "en" }));
    expect([known.status, known.headers.get("Location")]).toEqual([fresh.status, fresh.headers.get("Location")]);
    expect(await subscriberRow(address)).toMatchObject({ status: "confirmed", topics: ["news"], language: "uk" });
    await runQueuedJobs();
    const mail = mailsTo(address).slice(before)[0]!;
    expect(mail.subject).toContain("Ваша підписка");
    expect(mail.link).toContain("https://portal.example/newsletter/manage?token=");
  });

  it("refuses bad input beside the fields with the values kept (400), and an adverts topic without a category", async () => {
    const { result } = await postSubscribe({ email: "not-an-address", language: "uk" });
    const { status, data } = unwrapData(result);
    expect(status).toBe(400);
    const reply = (data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;
    expect(reply.error.email).toEqual(["auth:errors.email_invalid"]);
    expect(reply.error.topics).toEqual(["newsletter:errors.topics_required"]);
    expect(reply.initialValue.email).toBe("not-an-address");
    const adverts = unwrapData((await postSubscribe({ email: email(), topics: ["adverts"], language: "uk" })).result);
    expect(adverts.status).toBe(400);
    expect((adverts.data as { result: { error: Record<string, string[]> } }).result.error.advertCategory).toEqual([
      "newsletter:errors.category_required",
    ]);
  });

  it("limits posts per address like the password-reset form: the fourth in an hour gets 429 with Retry-After", async () => {
    const address = email();
    for (let i = 0; i < 3; i++) {
      expect((await answerOf(postSubscribe({ email: address, topics: ["news"], language: "uk" }, `192.0.2.${i + 1}`))).status).toBe(303);
    }
    const { result } = await postSubscribe({ email: address, topics: ["news"], language: "uk" }, "192.0.2.99");
    const limited = unwrapData(result);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((limited.data as { result: { error: Record<string, string[]> } }).result.error[""]![0]).toMatch(
      /^newsletter:errors\.too_many\|/,
    );
  });
});

describe("managing a subscription", () => {
  it("changes topics, category and language from the mailed link, and unsubscribes from it", async () => {
    const address = email();
    const id = await confirmedReader(address);
    const token = manageToken(id);
    const page = await callWithSession(managePage.loader, { url: `/newsletter/manage?token=${token}` });
    expect(unwrapData(page.result).data).toMatchObject({ subscriber: { email: address, topics: ["news"] } });
    const saved = await answerOf(
      callWithSession(managePage.action, {
        url: "/newsletter/manage",
        form: { token, intent: "save", topics: ["events", "adverts"], advertCategory: String(homes), language: "en" },
      }),
    );
    expect(saved.status).toBe(302);
    expect(await subscriberRow(address)).toMatchObject({ topics: ["events", "adverts"], advert_category_id: homes, language: "en" });
    await answerOf(callWithSession(managePage.action, { url: "/newsletter/manage", form: { token, intent: "unsubscribe" } }));
    expect((await subscriberRow(address))!.status).toBe("unsubscribed");
    // A forged or altered token finds nobody.
    const forged = await callWithSession(managePage.loader, { url: `/newsletter/manage?token=${id}.${"x".repeat(43)}` });
    expect(unwrapData(forged.result).status).toBe(404);
    const other = await callWithSession(managePage.loader, { url: `/newsletter/manage?token=${id + 1}.${token.split(".")[1]}` });
    expect(unwrapData(other.result).status).toBe(404);
  });

  it("one-click: a cookieless POST of List-Unsubscribe=One-Click from anywhere passes the origin check and unsubscribes; GET only asks", async () => {
    const address = email();
    const id = await confirmedReader(address);
    const url = `https://portal.example/newsletter/unsubscribe?token=${manageToken(id)}`;
    const opened = await callWithSession(unsubscribePage.loader, { url });
    expect(unwrapData(opened.result).data).toMatchObject({ state: "confirm", email: address });
    expect((await subscriberRow(address))!.status).toBe("confirmed");

    const check = async (request: Request) => {
      let passed = false;
      try {
        await sameOriginMiddleware({ request, url: new URL(request.url), pattern: "us?/newsletter/unsubscribe" } as never, async () => {
          passed = true;
          return new Response(null);
        });
      } catch {
        passed = false;
      }
      return passed;
    };
    const foreign = { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" };
    expect(await check(new Request(url, { method: "POST", headers: foreign, body: "List-Unsubscribe=One-Click" }))).toBe(true);
    // Anything else from another origin stays refused: another body, or no token.
    expect(await check(new Request(url, { method: "POST", headers: foreign, body: "intent=save&topics=news" }))).toBe(false);
    expect(
      await check(
        new Request("https://portal.example/newsletter/manage", { method: "POST", headers: foreign, body: "List-Unsubscribe=One-Click" }),
      ),
    ).toBe(false);

    const { result } = await callWithSession(unsubscribePage.action, {
      url,
      form: { "List-Unsubscribe": "One-Click" },
      headers: { Origin: "https://mail.example" },
    });
    expect(unwrapData(result).data).toMatchObject({ state: "done" });
    expect(await subscriberRow(address)).toMatchObject({ status: "unsubscribed" });
    expect(buildRequest({ url }).headers.get("cookie")).toBeNull();
  });

  it("the cabinet subscribes a confirmed account's address at once, changes it and unsubscribes", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const call = (form: Record<string, string | string[]>) =>
      answerOf(callWithSession(cabinetPage.action, { url: "/cabinet/newsletter", cookie, form, middleware: [authMiddleware] }));
    expect((await call({ intent: "save", topics: ["news", "directory"], language: "uk" })).status).toBe(302);
    expect(await subscriberRow(user.email)).toMatchObject({ status: "confirmed", topics: ["news", "directory"], user_id: user.id });
    await call({ intent: "save", topics: ["events"], language: "en" });
    expect(await subscriberRow(user.email)).toMatchObject({ topics: ["events"], language: "en" });
    await call({ intent: "unsubscribe" });
    expect((await subscriberRow(user.email))!.status).toBe("unsubscribed");
  });

  it("is in the account's export and goes with the account, even when it was made before the account", async () => {
    const address = email();
    await confirmedReader(address);
    const user = await makeUser({ email: address });
    const { result } = await callWithSession(exportPage.action, {
      url: "/cabinet/export/file",
      cookie: await sessionCookieFor(user.id),
      form: { intent: "export" },
    });
    const files = unzipSync(new Uint8Array(await (result as Response).arrayBuffer()));
    expect(JSON.parse(strFromU8(files["data.json"]!)).newsletter).toMatchObject({ email: address, status: "confirmed", topics: ["news"] });
    await deleteAccount(user.id);
    expect(await subscriberRow(address)).toBeUndefined();
  });
});

describe("the weekly digest", () => {
  it("is made once on its day and time, lists what each subscriber chose in their language, and skips those with nothing new", async () => {
    // Wednesday 2026-12-02 10:00 in Warsaw (09:00 UTC).
    expect(siteClock(new Date("2026-12-02T09:00:00Z"))).toEqual({ weekday: 3, time: "10:00", day: "2026-12-02" });
    // Public content is public as of the database's clock, so the digest is due today, from midnight.
    const now = new Date();
    const today = siteClock(now);
    await t.db.updateTable("settings").set({ newsletter_day: today.weekday, newsletter_time: "00:00" }).where("id", "=", 1).execute();
    expect(await startDueDigest(new Date(now.getTime() - 24 * 60 * 60 * 1000))).toBeNull();
    // Everyone subscribed so far is unsubscribed, so only this test's readers count.
    await t.db.updateTable("newsletter_subscribers").set({ status: "unsubscribed" }).execute();

    const day = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    await insertRow(t.db, "news", {
      slug: "dig-news",
      title_uk: "Нова бібліотека",
      title_en: "A new library",
      status: "published",
      published_at: day(24),
    });
    await insertRow(t.db, "news", { slug: "old-news", title_uk: "Стара новина", status: "published", published_at: day(24 * 9) });
    await insertRow(t.db, "news", { slug: "draft-news", title_uk: "Чернетка", status: "draft", published_at: day(24) });
    await insertRow(t.db, "posters", {
      slug: "dig-event",
      title_uk: "Вечір пісні",
      title_en: "Song evening",
      status: "published",
      published_at: day(30),
      starts_at: day(-48),
    });
    await insertRow(t.db, "services", { slug: "dig-service", name_uk: "Бухгалтерія", status: "published", published_at: day(10) });
    const owner = await makeUser();
    await insertBicycleAdvert(
      t.db,
      { ownerId: owner.id, categoryId: bicycles, slug: "dig-bike", number: 1 },
      { title: "Гірський велосипед", published_at: day(5) },
    );
    await insertBicycleAdvert(
      t.db,
      { ownerId: owner.id, categoryId: homes, slug: "dig-flat", number: 2 },
      { title: "Квартира біля парку", published_at: day(5) },
    );

    const reader = email();
    const cyclist = email();
    const nothing = email();
    await confirmedReader(reader, { topics: ["news", "events", "directory"], language: "en" });
    await confirmedReader(cyclist, { topics: ["adverts"], advertCategory: String(transport), language: "uk" });
    await confirmedReader(nothing, { topics: ["adverts"], advertCategory: String(homes), language: "uk" });
    await t.db.deleteFrom("advertisements").where("slug", "=", "dig-flat").execute();

    const issueId = await startDueDigest(now);
    expect(issueId).not.toBeNull();
    expect(await startDueDigest(new Date(now.getTime() + 60_000))).toBeNull();
    const before = { reader: mailsTo(reader).length, cyclist: mailsTo(cyclist).length, nothing: mailsTo(nothing).length };
    expect(await sendIssueBatch(issueId!, { limit: 100, now })).toEqual({ sent: 2, done: true });

    const [english] = mailsTo(reader).slice(before.reader);
    expect(english!.subject).toMatch(/^This week on /);
    expect(english!.text).toContain("A new library\nhttps://portal.example/us/novyny/dig-news");
    expect(english!.text).toContain("Song evening\nhttps://portal.example/us/poster/dig-event");
    expect(english!.text).toContain("Бухгалтерія\nhttps://portal.example/us/services/dig-service");
    expect(english!.text).not.toContain("Стара новина");
    expect(english!.text).not.toContain("Чернетка");
    expect(english!.text).not.toContain("велосипед");
    const headers = english!.raw.split(/\n\n/)[0]!.replace(/\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/portal\.example\/us\/newsletter\/unsubscribe\?token=\d+\.[\w-]+>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(english!.text).toContain("https://portal.example/us/newsletter/manage?token=");

    const [ukrainian] = mailsTo(cyclist).slice(before.cyclist);
    expect(ukrainian!.subject).toContain("Цього тижня");
    // A subcategory's advert is in its parent's section.
    expect(ukrainian!.text).toContain("Гірський велосипед\nhttps://portal.example/advertisement/dig-bike");
    expect(ukrainian!.text).not.toContain("Нова бібліотека");
    expect(mailsTo(nothing).slice(before.nothing)).toHaveLength(0);

    const issue = (await listIssues()).find((row) => row.id === issueId)!;
    expect(issue).toMatchObject({ kind: "digest", status: "sent", sent: 2, failed: 0, unsubscribed: 0 });
    // The next one covers from where this one ended.
    const next = await t.db.selectFrom("newsletter_issues").select("period_to").where("id", "=", issueId!).executeTakeFirstOrThrow();
    expect(new Date(next.period_to!).getTime()).toBe(now.getTime());
  });

  it("a staff issue for some topics reaches only their subscribers, at the settings' rate per scan, and counts who left since", async () => {
    await t.db.updateTable("newsletter_subscribers").set({ status: "unsubscribed" }).execute();
    await t.db
      .updateTable("settings")
      .set({ newsletter_rate: 2, newsletter_day: 0, newsletter_time: "23:59" })
      .where("id", "=", 1)
      .execute();
    const readers = [email(), email(), email()];
    for (const reader of readers) await confirmedReader(reader, { topics: ["events"], language: "uk" });
    const outsider = email();
    await confirmedReader(outsider, { topics: ["news"], language: "uk" });
    const staff = await makeUser({ role: "editor" });
    const id = await saveDraft(
      null,
      { subject_uk: "Фестиваль", subject_en: "Festival", body_uk: "Усі на фестиваль!", body_en: "Come!", topics: ["events"] },
      staff.id,
    );
    expect(await releaseIssue(id!, null)).toBe(true);
    // Sent: no longer a draft.
    expect(await saveDraft(id!, { subject_uk: "x", subject_en: "x", body_uk: "x", body_en: "x", topics: null }, staff.id)).toBeNull();
    const monday = new Date("2026-12-07T08:00:00Z");
    expect(await runNewsletterScan(monday)).toBe(2);
    expect(await runNewsletterScan(monday)).toBe(1);
    for (const reader of readers) expect(mailsTo(reader).filter((mail) => mail.subject === "Фестиваль")).toHaveLength(1);
    expect(mailsTo(outsider).filter((mail) => mail.subject === "Фестиваль")).toHaveLength(0);
    const row = await subscriberRow(readers[0]!);
    await callWithSession(unsubscribePage.action, {
      url: `/newsletter/unsubscribe?token=${manageToken(row!.id)}`,
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect((await listIssues()).find((issue) => issue.id === id)).toMatchObject({ status: "sent", sent: 3, unsubscribed: 1 });
  });
});

describe("the staff composer", () => {
  const draft = { subject_uk: "Ярмарок", subject_en: "Fair", body_uk: "У неділю ярмарок.", body_en: "A fair on Sunday.", audience: "all" };

  it("is for editors and admins only", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const refused = await catchResponse(
      callWithSession(composer.action, {
        url: "/dashboard/newsletter/new",
        cookie,
        form: { ...draft, intent: "save" },
        middleware: [authMiddleware],
      }),
    );
    expect(refused.status).toBe(403);
  });

  it("saves a draft, previews both languages, mails the writer a test copy, refuses a past time, then schedules it", async () => {
    const editor = await makeUser({ role: "editor" });
    const cookie = await sessionCookieFor(editor.id);
    const post = (url: string, form: Record<string, string>) =>
      callWithSession(composer.action, {
        url,
        cookie,
        form,
        middleware: [authMiddleware],
        params: url.endsWith("/new") ? {} : { id: url.split("/").at(-1) },
      });
    const preview = await answerOf(post("/dashboard/newsletter/new", { ...draft, intent: "preview" }));
    const own = preview.headers.get("Location")!;
    expect(own).toMatch(/^\/dashboard\/newsletter\/\d+\?preview#preview$/);
    const id = own.split("/").at(-1)!.split("?")[0]!;
    const page = await callWithSession(composer.loader, { url: own, cookie, middleware: [authMiddleware], params: { id } });
    const shown = unwrapData(page.result).data as { preview: Array<{ language: string; subject: string; text: string }> };
    expect(shown.preview.map((copy) => [copy.language, copy.subject])).toEqual([
      ["uk", "Ярмарок"],
      ["en", "Fair"],
    ]);
    expect(shown.preview[1]!.text).toContain("A fair on Sunday.");

    await answerOf(post(`/dashboard/newsletter/${id}`, { ...draft, intent: "test" }));
    await runQueuedJobs();
    expect(
      mailsTo(editor.email)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(["Fair", "Ярмарок"]);

    const past = unwrapData(
      (await post(`/dashboard/newsletter/${id}`, { ...draft, intent: "schedule", scheduled_at: "01.01.2020 10:00" })).result,
    );
    expect(past.status).toBe(400);
    await answerOf(post(`/dashboard/newsletter/${id}`, { ...draft, intent: "schedule", scheduled_at: "01.01.2099 10:00" }));
    expect(
      await t.db.selectFrom("newsletter_issues").select(["status", "scheduled_at"]).where("id", "=", Number(id)).executeTakeFirst(),
    ).toMatchObject({
      status: "scheduled",
      scheduled_at: new Date("2099-01-01T09:00:00Z"),
    });
  });
});
