// Visitor reports through /report: anonymous or signed in, on adverts and staff items,
// validated with messages, limited per IP, stored for the dashboard's queue.
import { beforeAll, describe, expect, it } from "vitest";
import * as report from "#app/routes/report/route.tsx";
import { REPORT_LIMIT, reporterHash } from "#app/modules/reports/reports.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { unwrapData } from "../support/route.ts";

const t = useTestDatabase();
const ids: Record<string, number> = {};

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  const owner = await makeUser();
  const categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "robota", name_uk: "Робота" });
  const base = {
    owner_id: owner.id,
    category_id: categoryId,
    title: "Шукаю роботу",
    description: "Опис оголошення достатньої довжини.",
    published_at: new Date(),
  };
  const [live, archived] = await t.db
    .insertInto("advertisements")
    .values([
      { ...base, slug: "live-advert", status: "published" },
      { ...base, slug: "archived-advert", status: "archived" },
    ])
    .returning("id")
    .execute();
  const newsId = await insertRow(t.db, "news", { slug: "novyna", title_uk: "Новина", status: "published", published_at: new Date() });
  const draftId = await insertRow(t.db, "news", { slug: "chernetka", title_uk: "Чернетка", status: "draft" });
  Object.assign(ids, { live: live!.id, archived: archived!.id, news: newsId, draft: draftId });
});

async function send(form: Record<string, string>, options: { ip?: string; cookie?: string; url?: string } = {}) {
  try {
    const { result } = await callWithSession(report.action, {
      url: options.url ?? "/report",
      form,
      ip: options.ip ?? "192.0.2.10",
      cookie: options.cookie,
    });
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), reply: undefined };
    const { data, status } = unwrapData(result);
    return {
      status,
      location: null,
      reply: data as { result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } },
    };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location"), reply: undefined };
    throw error;
  }
}

const reportsOf = (type: string, id: number) =>
  t.db
    .selectFrom("reports")
    .selectAll()
    .where("target_type", "=", type as never)
    .where("target_id", "=", id)
    .execute();

describe("reports", () => {
  it("an anonymous visitor reports an advert and returns to it with a thank-you", async () => {
    const outcome = await send({
      targetType: "advertisement",
      targetId: String(ids.live),
      reason: "fraud",
      message: "Просить передоплату",
      returnTo: "/us/advertisement/live-advert",
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/us/advertisement/live-advert");
    const [stored] = await reportsOf("advertisement", ids.live!);
    expect(stored).toMatchObject({
      reason: "fraud",
      message: "Просить передоплату",
      reporter_id: null,
      status: "open",
      reporter_hash: reporterHash("192.0.2.10"),
    });
    expect(stored!.reporter_hash).not.toContain("192.0.2.10");
  });

  it("a signed-in user's report names them; news items can be reported too", async () => {
    const user = await makeUser();
    const outcome = await send(
      { targetType: "news", targetId: String(ids.news), reason: "offensive" },
      { cookie: await sessionCookieFor(user.id), ip: "192.0.2.11" },
    );
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/novyny/novyna");
    expect((await reportsOf("news", ids.news!))[0]).toMatchObject({ reporter_id: user.id, reason: "offensive", message: "" });
  });

  it("refuses a missing reason, or 'other' without a message, with messages and the typed text kept", async () => {
    const noReason = await send({ targetType: "advertisement", targetId: String(ids.live), message: "текст" }, { ip: "192.0.2.12" });
    expect(noReason.status).toBe(400);
    expect(noReason.reply!.result.error?.reason).toEqual(["reports:errors.reason_required"]);
    expect(noReason.reply!.result.initialValue?.message).toBe("текст");
    const other = await send({ targetType: "advertisement", targetId: String(ids.live), reason: "other" }, { ip: "192.0.2.12" });
    expect(other.status).toBe(400);
    expect(other.reply!.result.error?.message).toEqual(["reports:errors.other_needs_message"]);
  });

  it("only public items can be reported", async () => {
    for (const [type, id] of [
      ["advertisement", ids.archived],
      ["news", ids.draft],
      ["news", 999_999],
      ["poster", ids.live],
    ] as const) {
      const outcome = await send({ targetType: type, targetId: String(id), reason: "spam" }, { ip: "192.0.2.13" });
      expect(outcome.status, `${type} ${id}`).toBe(404);
      expect(outcome.reply!.result.error?.[""]).toEqual(["reports:errors.target_not_found"]);
    }
    expect(await reportsOf("advertisement", ids.archived!)).toEqual([]);
  });

  it("a second open report from the same reporter is not stored twice; a bot's is not stored at all", async () => {
    const form = { targetType: "advertisement", targetId: String(ids.live), reason: "spam" };
    const before = (await reportsOf("advertisement", ids.live!)).length;
    expect((await send(form, { ip: "192.0.2.14" })).status).toBe(302);
    expect((await send(form, { ip: "192.0.2.14" })).status).toBe(302);
    expect((await send({ ...form, website: "http://spam.example" }, { ip: "192.0.2.15" })).status).toBe(302);
    expect((await reportsOf("advertisement", ids.live!)).length).toBe(before + 1);
  });

  it("is rate limited per IP", async () => {
    for (let i = 0; i < REPORT_LIMIT.max; i++) {
      const outcome = await send({ targetType: "news", targetId: String(ids.news), reason: "spam", message: `${i}` }, { ip: "192.0.2.99" });
      expect(outcome.status).toBe(302);
    }
    const limited = await send({ targetType: "news", targetId: String(ids.news), reason: "spam" }, { ip: "192.0.2.99" });
    expect(limited.status).toBe(429);
    expect(limited.reply!.result.error?.[""]?.[0]).toMatch(/^reports:errors\.too_many\|\{"minutes":\d+\}$/);
  });

  it("never redirects off the site", async () => {
    const outcome = await send(
      { targetType: "advertisement", targetId: String(ids.live), reason: "duplicate", returnTo: "//evil.example/x" },
      { ip: "192.0.2.16" },
    );
    expect(outcome.location).toBe("/advertisement/live-advert");
  });

  it("GET /report?type=&id= shows the form for a public item, else 404", async () => {
    const { result } = await callWithSession(report.loader, { url: `/report?type=advertisement&id=${ids.live}` });
    expect(result.target).toEqual({ type: "advertisement", id: ids.live, path: "/advertisement/live-advert" });
    await expect(callWithSession(report.loader, { url: `/report?type=advertisement&id=${ids.archived}` })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
