// The advert lifecycle through the real code paths, on the database: the cabinet's buttons
// (raise to the top with its interval), the dashboard's bulk unpublish/publish and the
// moderation queue moving adverts by the table; the expiry mails (selected once per lifetime,
// also with two passes at once) and their single-use renew/sold links.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as cabinetAdverts from "#app/routes/cabinet-adverts/route.tsx";
import * as contentList from "#app/routes/dashboard-content-list/route.tsx";
import * as moderation from "#app/routes/dashboard-moderation/route.tsx";
import * as advertLink from "#app/routes/advert-link/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import {
  claimExpiryMail,
  composeExpiryReminder,
  dueExpiryReminders,
  sendExpiryReminders,
} from "#app/modules/adverts/expiry-reminders.server.ts";
import { listLiveAdverts } from "#app/modules/adverts/queries.server.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { unwrapData } from "../support/route.ts";
import { asStaff, staff, type Staff } from "./dashboard-support.ts";

const t = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
let categoryId: number;
let owner: { id: number; email: string; cookie: string };
let editor: Staff;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "rizne", name_uk: "Різне", name_en: "Misc" });
  const user = await makeUser({ name: "Оля" });
  owner = { id: user.id, email: user.email, cookie: await sessionCookieFor(user.id) };
  editor = await staff("editor");
});

beforeEach(async () => {
  await t.db.deleteFrom("advertisements").execute();
});

let counter = 0;
async function advert(
  values: {
    status?: "draft" | "pending" | "published" | "sold" | "archived" | "rejected";
    publishedAt?: Date | null;
    expiresAt?: Date | null;
    raisedAt?: Date | null;
    title?: string;
  } = {},
) {
  const status = values.status ?? "published";
  const publishedAt =
    values.publishedAt === undefined
      ? status === "draft" || status === "pending"
        ? null
        : new Date(Date.now() - DAY)
      : values.publishedAt;
  return insertRow(t.db, "advertisements", {
    slug: `advert-${++counter}-${Math.random().toString(36).slice(2, 8)}`,
    owner_id: owner.id,
    category_id: categoryId,
    title: values.title ?? `Велосипед номер ${counter}`,
    description: "Опис оголошення достатньої довжини для перевірки.",
    status,
    published_at: publishedAt,
    expires_at: values.expiresAt === undefined ? (publishedAt ? new Date(Date.now() + 20 * DAY) : null) : values.expiresAt,
    ...(values.raisedAt !== undefined ? { raised_at: values.raisedAt } : {}),
  });
}

const rowOf = (id: number) => t.db.selectFrom("advertisements").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function cabinet(form: Record<string, string>) {
  try {
    const { result } = await callWithSession(cabinetAdverts.action, {
      url: "/cabinet/advertisement",
      cookie: owner.cookie,
      form,
      middleware: [authMiddleware],
    });
    return result as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    const status = (error as { init?: ResponseInit })?.init?.status;
    if (typeof status === "number") return new Response(null, { status });
    throw error;
  }
}

/** The flash toast's message key and values, as the redirect set them. */
function flashOf(response: Response): string {
  const value = /__flash=([^.;]+)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  return Buffer.from(decodeURIComponent(value), "base64").toString("utf8");
}

describe("raise to the top", () => {
  it("the publication time is where an advert starts (a trigger fills raised_at)", async () => {
    const id = await advert();
    const row = await rowOf(id);
    expect(row.raised_at?.getTime()).toBe(row.published_at?.getTime());
  });

  it("is refused within the interval, saying when it is possible again; no 500", async () => {
    const id = await advert({ publishedAt: new Date(Date.now() - 2 * DAY) });
    const before = await rowOf(id);
    const list = await callWithSession(cabinetAdverts.loader, {
      url: "/cabinet/advertisement",
      cookie: owner.cookie,
      middleware: [authMiddleware],
    });
    const item = list.result.items.find((row) => row.id === id)!;
    expect(item.actions).not.toContain("raise");
    expect(item.raiseAgain?.iso).toBe(new Date(before.published_at!.getTime() + 7 * DAY).toISOString());

    const response = await cabinet({ intent: "raise", id: String(id) });
    expect(response.status).toBe(302);
    expect(flashOf(response)).toContain("lifecycle.flash_raise_too_soon");
    expect(flashOf(response)).toContain(item.raiseAgain!.text);
    expect((await rowOf(id)).raised_at?.getTime()).toBe(before.raised_at?.getTime());
  });

  it("after the interval moves the advert to the top of the lists, keeping its expiry; then waits again", async () => {
    const old = await advert({ publishedAt: new Date(Date.now() - 10 * DAY), title: "Старий диван у доброму стані" });
    await advert({ publishedAt: new Date(Date.now() - DAY), title: "Новий стілець" });
    const labels = { free: "free", negotiable: "negotiable" };
    const filters = {
      categoryIds: null,
      location: null,
      minPrice: null,
      maxPrice: null,
      currency: null,
      withPhotos: false,
      sort: "newest" as const,
    };
    const firstBefore = (await listLiveAdverts({ filters: filters as never, page: 1, language: "uk", labels })).items[0]!;
    expect(firstBefore.title).toBe("Новий стілець");
    const before = await rowOf(old);

    const response = await cabinet({ intent: "raise", id: String(old) });
    expect(flashOf(response)).toContain("lifecycle.flash_raised");
    const after = await rowOf(old);
    expect(after.raised_at!.getTime()).toBeGreaterThan(before.raised_at!.getTime());
    expect(after.expires_at?.getTime()).toBe(before.expires_at?.getTime());
    expect(after.published_at?.getTime()).toBe(before.published_at?.getTime());
    expect((await listLiveAdverts({ filters: filters as never, page: 1, language: "uk", labels })).items[0]!.title).toBe(
      "Старий диван у доброму стані",
    );

    const again = await cabinet({ intent: "raise", id: String(old) });
    expect(flashOf(again)).toContain("lifecycle.flash_raise_too_soon");
  });

  it("keeps to the interval from settings, and refuses what the table refuses (sold) or what is not the owner's", async () => {
    await t.db.updateTable("settings").set({ advert_raise_interval_days: 1 }).where("id", "=", 1).execute();
    try {
      const id = await advert({ publishedAt: new Date(Date.now() - 2 * DAY) });
      expect(flashOf(await cabinet({ intent: "raise", id: String(id) }))).toContain("lifecycle.flash_raised");
      const sold = await advert({ status: "sold", publishedAt: new Date(Date.now() - 30 * DAY) });
      expect(flashOf(await cabinet({ intent: "raise", id: String(sold) }))).toContain("flash.not_allowed");
      const stranger = await makeUser();
      const foreignId = await insertRow(t.db, "advertisements", {
        slug: `foreign-${Date.now()}`,
        owner_id: stranger.id,
        category_id: categoryId,
        title: "Чуже оголошення",
        description: "Опис чужого оголошення для перевірки.",
        status: "published",
        published_at: new Date(Date.now() - 9 * DAY),
      });
      expect((await cabinet({ intent: "raise", id: String(foreignId) })).status).toBe(404);
      expect((await cabinet({ intent: "raise", id: String(2 ** 31) })).status).toBe(400);
    } finally {
      await t.db.updateTable("settings").set({ advert_raise_interval_days: 7 }).where("id", "=", 1).execute();
    }
  });
});

describe("the dashboard and the moderation queue move adverts by the table", () => {
  function bulk(form: Record<string, string | string[]>) {
    return asStaff(editor, contentList.action, { url: "/dashboard/advertisements", params: { type: "advertisements" }, form });
  }

  it("bulk unpublish archives live adverts; bulk publish gives an expired one a new lifetime and keeps a live one's", async () => {
    const live = await advert();
    const expired = await advert({ publishedAt: new Date(Date.now() - 40 * DAY), expiresAt: new Date(Date.now() - 10 * DAY) });
    const liveExpiry = (await rowOf(live)).expires_at!.getTime();
    await bulk({ action: "publish", scope: "selected", view: "active", ids: [String(live), String(expired)] });
    expect((await rowOf(live)).expires_at!.getTime()).toBe(liveExpiry);
    const renewed = await rowOf(expired);
    expect(renewed.status).toBe("published");
    expect(renewed.expires_at!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    await bulk({ action: "unpublish", scope: "selected", view: "active", ids: [String(live), String(expired)] });
    expect((await rowOf(live)).status).toBe("archived");
    expect((await rowOf(expired)).status).toBe("archived");
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("entity_type", "=", "advertisements")
      .where("entity_id", "=", live)
      .orderBy("id")
      .execute();
    expect(audit.at(-1)).toMatchObject({ action: "unpublish", before: { status: "published" }, after: { status: "archived" } });
  });

  it("the queue approves only pending adverts: a published one is refused", async () => {
    const pending = await advert({ status: "pending" });
    const live = await advert();
    await asStaff(editor, moderation.action, {
      url: "/dashboard/advertisements/moderation",
      form: { intent: "approve", id: String(pending) },
    });
    expect((await rowOf(pending)).status).toBe("published");
    const liveBefore = await rowOf(live);
    await asStaff(editor, moderation.action, {
      url: "/dashboard/advertisements/moderation",
      form: { intent: "reject", id: String(live), reason: "Не відповідає правилам." },
    }).catch((error: unknown) => error);
    expect(await rowOf(live)).toMatchObject({ status: "published", version: liveBefore.version });
  });
});

describe("expiry mails", () => {
  it("selects adverts within the reminder days and just expired ones, not later ones, sold ones or other lifetimes", async () => {
    const now = new Date();
    const soon = await advert({ expiresAt: new Date(now.getTime() + 2 * DAY) });
    await advert({ expiresAt: new Date(now.getTime() + 5 * DAY) });
    const gone = await advert({ expiresAt: new Date(now.getTime() - DAY) });
    await advert({ expiresAt: new Date(now.getTime() - 30 * DAY) });
    await advert({ status: "sold", expiresAt: new Date(now.getTime() + DAY) });
    const due = await dueExpiryReminders(t.db, now);
    expect(due.map((row) => [row.advertisementId, row.kind]).sort()).toEqual(
      [
        [soon, "reminder"],
        [gone, "expired"],
      ].sort(),
    );
    expect(due.find((row) => row.advertisementId === soon)).toMatchObject({ email: owner.email, ownerId: owner.id });
  });

  it("sends each mail once, also from two passes at once, and again for the next lifetime", async () => {
    const now = new Date();
    const id = await advert({ expiresAt: new Date(now.getTime() + DAY), title: "Крісло-гойдалка дубове" });
    const before = readOutbox().length;
    const [a, b] = await Promise.all([sendExpiryReminders(now, t.db), sendExpiryReminders(now, t.db)]);
    expect(a + b).toBe(1);
    expect(await sendExpiryReminders(now, t.db)).toBe(0);
    const mails = readOutbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Крісло-гойдалка дубове");
    expect(mails[0]!.text).toMatch(/https:\/\/portal\.example\/advertisement\/renew\/\S+/);
    expect(mails[0]!.text).toMatch(/https:\/\/portal\.example\/advertisement\/sold\/\S+/);

    // Renewed: a new lifetime, a new reminder when it nears its end.
    const next = new Date(now.getTime() + 30 * DAY);
    await t.db
      .updateTable("advertisements")
      .set({ expires_at: new Date(next.getTime() + DAY) })
      .where("id", "=", id)
      .execute();
    expect(await sendExpiryReminders(next, t.db)).toBe(1);
  });

  it("composes the reminder in the owner's language with both links and the expiry date", async () => {
    const due = {
      advertisementId: 1,
      kind: "reminder" as const,
      expiresAt: new Date("2026-12-03T10:00:00Z"),
      title: "Лампа",
      ownerId: owner.id,
      email: "a@example.test",
      name: "Оля",
      locale: "ua" as const,
    };
    const { mail } = await composeExpiryReminder(
      due,
      { renew: "https://portal.example/advertisement/renew/r", sold: "https://portal.example/advertisement/sold/s" },
      30,
    );
    expect(mail.subject).toBe("Оголошення «Лампа» завершується 03.12.26");
    expect(mail.text).toContain("\nhttps://portal.example/advertisement/renew/r\n");
    expect(mail.text).toContain("\nhttps://portal.example/advertisement/sold/s\n");
    expect(mail.html).toContain('<a href="https://portal.example/advertisement/sold/s">');
    expect(mail.text).toContain("ще на 30 дн.");
  });

  it("a claim holds against a second claimer; marks of long-past lifetimes are cleared", async () => {
    const id = await advert({ expiresAt: new Date(Date.now() + DAY) });
    const [due] = await dueExpiryReminders(t.db, new Date());
    expect(await claimExpiryMail(t.db, due!, new Date())).toBe(true);
    expect(await claimExpiryMail(t.db, due!, new Date())).toBe(false);
    expect(await dueExpiryReminders(t.db, new Date())).toEqual([]);
    await t.db
      .insertInto("advert_expiry_mails")
      .values({ advertisement_id: id, kind: "expired", expires_at: new Date(Date.now() - 10 * DAY) })
      .execute();
    await sendExpiryReminders(new Date(), t.db);
    const marks = await t.db.selectFrom("advert_expiry_mails").select("kind").where("advertisement_id", "=", id).execute();
    expect(marks).toEqual([{ kind: "reminder" }]);
  });

  it("mails the expired-advert notice with only the renew link, in the owner's language", async () => {
    await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", owner.id).execute();
    try {
      await advert({ expiresAt: new Date(Date.now() - 60_000), title: "Old lamp for the desk" });
      const before = readOutbox().length;
      expect(await sendExpiryReminders(new Date(), t.db)).toBe(1);
      const [mail] = readOutbox().slice(before);
      expect(mail!.subject).toBe("Your advert “Old lamp for the desk” has expired");
      expect(mail!.text).toMatch(/https:\/\/portal\.example\/us\/advertisement\/renew\/\S+/);
      expect(mail!.text).not.toContain("/sold/");
    } finally {
      await t.db.updateTable("users").set({ preferred_locale: "ua" }).where("id", "=", owner.id).execute();
    }
  });
});

describe("the mailed renew and sold links", () => {
  async function mailedLinks(now = new Date()) {
    const before = readOutbox().length;
    await sendExpiryReminders(now, t.db);
    const mail = readOutbox()
      .slice(before)
      .find((message) => message.text.includes(`/renew/`))!;
    expect(mail).toBeDefined();
    const path = (move: string) =>
      new URL(mail.text.match(new RegExp(`https://portal\\.example(?:/us)?/advertisement/${move}/[\\w-]+`))![0]).pathname;
    return { renew: path("renew"), sold: path("sold") };
  }

  async function open(kind: "loader" | "action", path: string) {
    const token = path.split("/").at(-1)!;
    const fn = kind === "loader" ? advertLink.loader : advertLink.action;
    const { result } = await callWithSession(fn, { url: path, params: { token }, ...(kind === "action" ? { form: {} } : {}) });
    const { data, status } = unwrapData(result);
    return { status, page: data as { state: string; title?: string } };
  }

  it("GET only asks; POST renews once; then the link is used up (410)", async () => {
    const id = await advert({ expiresAt: new Date(Date.now() + DAY) });
    const { renew } = await mailedLinks();
    const looked = await open("loader", renew);
    expect(looked).toMatchObject({ status: 200, page: { state: "confirm" } });
    expect((await rowOf(id)).expires_at!.getTime()).toBeLessThan(Date.now() + 2 * DAY);
    const done = await open("action", renew);
    expect(done).toMatchObject({ status: 200, page: { state: "done" } });
    expect((await rowOf(id)).expires_at!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(await open("action", renew)).toMatchObject({ status: 410, page: { state: "used" } });
    expect(await open("loader", renew)).toMatchObject({ status: 410, page: { state: "used" } });
  });

  it("the sold link marks it sold; the renew link is then refused by the table (409) and stays unused", async () => {
    const id = await advert({ expiresAt: new Date(Date.now() + DAY) });
    const { renew, sold } = await mailedLinks();
    expect(await open("action", sold)).toMatchObject({ status: 200, page: { state: "done" } });
    expect((await rowOf(id)).status).toBe("sold");
    expect(await open("action", renew)).toMatchObject({ status: 409, page: { state: "not_allowed" } });
    const unused = await t.db
      .selectFrom("auth_tokens")
      .select("used_at")
      .where("advertisement_id", "=", id)
      .where("purpose", "=", "advert_renew")
      .executeTakeFirstOrThrow();
    expect(unused.used_at).toBeNull();
  });

  it("a tampered token, or one for the other move, is unknown (404) and changes nothing", async () => {
    const id = await advert({ expiresAt: new Date(Date.now() + DAY) });
    const { renew, sold } = await mailedLinks();
    const tampered = renew.slice(0, -2) + (renew.endsWith("AA") ? "BB" : "AA");
    expect(await open("action", tampered)).toMatchObject({ status: 404, page: { state: "invalid" } });
    const swapped = `/advertisement/renew/${sold.split("/").at(-1)}`;
    expect(await open("action", swapped)).toMatchObject({ status: 404, page: { state: "invalid" } });
    expect(await open("loader", "/advertisement/renew/%00")).toMatchObject({ status: 404 });
    expect((await rowOf(id)).status).toBe("published");
  });

  it("an expired link is refused (410)", async () => {
    const issued = new Date(Date.now() - 31 * DAY);
    const id = await advert({ publishedAt: new Date(issued.getTime() - 20 * DAY), expiresAt: new Date(issued.getTime() + DAY) });
    const { renew } = await mailedLinks(issued);
    expect(await open("action", renew)).toMatchObject({ status: 410, page: { state: "expired" } });
    expect((await rowOf(id)).expires_at!.getTime()).toBeLessThan(Date.now());
  });
});
