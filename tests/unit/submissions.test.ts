// Users' events, services and organisations: sent from the cabinet with the advert form's
// abuse limits, kept out of public pages until staff approve them, rejected with a reason
// mailed in the sender's language, and listed only to their sender.
import { beforeAll, describe, expect, it } from "vitest";
import * as addRoute from "#app/routes/cabinet-add-submission/route.tsx";
import * as listRoute from "#app/routes/cabinet-submissions/route.tsx";
import * as moderation from "#app/routes/dashboard-moderation/route.tsx";
import * as dashboardHome from "#app/routes/dashboard/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { updateItem } from "#app/modules/staff-content/items.server.ts";
import { contentSpec } from "#app/modules/staff-content/types.ts";
import { changeItemState } from "#app/modules/staff-content/state.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { unwrapData } from "../support/route.ts";
import { asStaff, pngFile, staff, type Staff } from "./dashboard-support.ts";

const t = useTestDatabase();
let editor: Staff;
type Person = { id: number; email: string; cookie: string };
let sender: Person;
let other: Person;

async function person(options: { verified?: boolean } = {}): Promise<Person> {
  const user = await makeUser({ role: "user", name: "Марія", ...options });
  return { id: user.id, email: user.email, cookie: await sessionCookieFor(user.id) };
}

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  editor = await staff("editor");
  sender = await person();
  await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", sender.id).execute();
  other = await person();
});

type Outcome = { status: number; response?: Response; data?: any; headers?: Headers };

async function call(who: Person, fn: (args: any) => unknown, url: string, form?: FormData | Record<string, string>): Promise<Outcome> {
  try {
    const { result } = await callWithSession(fn, { url, cookie: who.cookie, form, middleware: [authMiddleware] });
    if (result instanceof Response) return { status: result.status, response: result };
    if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
      const { data, status, headers } = unwrapData(result);
      return { status, data, headers };
    }
    return { status: 200, data: result };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error };
    const status = (error as { init?: ResponseInit })?.init?.status;
    if (typeof status === "number") return { status };
    throw error;
  }
}

function event(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    title_uk: "Вечір української пісні",
    description_uk: "<p>Співаємо разом.</p>",
    starts_at: "2030-05-20T18:30",
    venue_uk: "Дім громади",
    ...overrides,
  };
}

/** An event sent from the cabinet's poster form: the sample event with `overrides`. */
const sendEvent = (who: Person, overrides: Record<string, string> = {}) =>
  call(who, addRoute.action, "/cabinet/add-poster", event(overrides));
/** A service or organisation sent from the cabinet's form at `url`. */
const submit = (who: Person, url: string, fields: Record<string, string>) => call(who, addRoute.action, url, { intent: "save", ...fields });

async function posterRow(title: string) {
  return t.db.selectFrom("posters").selectAll().where("title_uk", "=", title).executeTakeFirst();
}

async function isPublic(id: number): Promise<boolean> {
  const row = await t.db.selectFrom("posters").select("id").where("id", "=", id).where(publiclyVisible("posters")).executeTakeFirst();
  return Boolean(row);
}

describe("sending a submission", () => {
  it("may repeat: the event's rule is stored and its first date made, far ahead as it is", async () => {
    // 20.05.2030 is a Monday.
    const repeats = { repeat: "weekly", repeat_interval: "1", repeat_days: "MO", repeat_end: "count", repeat_count: "5" };
    const sent = await sendEvent(sender, { title_uk: "Щотижнева репетиція хору", ...repeats });
    expect(sent.status).toBe(302);
    const row = (await posterRow("Щотижнева репетиція хору"))!;
    expect(row.recurrence).toBe("FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=5");
    const dates = await t.db.selectFrom("poster_occurrences").select("starts_at").where("poster_id", "=", row.id).execute();
    expect(dates.map((date) => date.starts_at.toISOString())).toEqual(["2030-05-20T16:30:00.000Z"]);
    const refused = await sendEvent(sender, { title_uk: "Без дня", ...repeats, repeat_days: "TU" });
    expect(refused.status).toBe(400);
  });

  it("stores a pending draft with its picture, never public, and lists it to its sender only", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(event({ title_uk: "Ярмарок вишиванок" }))) form.set(key, value);
    form.set("cover_image_id_file", await pngFile());
    const sent = await call(sender, addRoute.action, "/cabinet/add-poster", form);
    expect(sent.status).toBe(302);
    expect(sent.response!.headers.get("Location")).toBe("/cabinet/submissions");
    const row = (await posterRow("Ярмарок вишиванок"))!;
    expect(row).toMatchObject({ status: "draft", submission_state: "pending", submitted_by: sender.id, published_at: null });
    expect(row.cover_image_id).toEqual(expect.any(Number));
    expect(await isPublic(row.id)).toBe(false);

    const mine = await call(sender, listRoute.loader, "/cabinet/submissions");
    expect(mine.data.items).toContainEqual(expect.objectContaining({ type: "posters", id: row.id, state: "waiting", path: null }));
    const theirs = await call(other, listRoute.loader, "/cabinet/submissions");
    expect(theirs.data.items.map((item: { id: number }) => item.id)).not.toContain(row.id);
  });

  it("accepts a heading in English only and stores it as the Ukrainian one too", async () => {
    const sent = await submit(sender, "/us/cabinet/add-organisation", {
      name_en: "Ukrainian Choir of Kraków",
      email: "choir@example.test",
    });
    expect(sent.status).toBe(302);
    expect(sent.response!.headers.get("Location")).toBe("/us/cabinet/submissions");
    const row = await t.db
      .selectFrom("diaspors")
      .select(["name_uk", "name_en", "submission_state"])
      .where("name_en", "=", "Ukrainian Choir of Kraków")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name_uk: "Ukrainian Choir of Kraków", name_en: "Ukrainian Choir of Kraków", submission_state: "pending" });
  });

  it("answers bad input with 400 and the messages beside the fields, keeping what was typed", async () => {
    const sent = await sendEvent(sender, { title_uk: "", starts_at: "not a date", ticket_url: "javascript:alert(1)" });
    expect(sent.status).toBe(400);
    expect(sent.data.result.error).toMatchObject({
      title_uk: ["admin:errors.required"],
      starts_at: ["admin:errors.datetime"],
      ticket_url: ["admin:errors.url"],
    });
    expect(sent.data.result.initialValue).toMatchObject({ venue_uk: "Дім громади" });
    // Staff-only fields are not the sender's to set.
    const staffOnly = await sendEvent(sender, { title_uk: "Спроба опублікувати", status: "published", slug: "moya-adresa" });
    expect(staffOnly.status).toBe(302);
    const row = (await posterRow("Спроба опублікувати"))!;
    expect(row.status).toBe("draft");
    expect(row.slug).not.toBe("moya-adresa");
  });

  it("stores nothing when the honeypot is filled, yet answers as if it had", async () => {
    const sent = await submit(sender, "/cabinet/add-service", { name_uk: "Бот-послуга", homepage: "http://spam.example" });
    expect(sent.status).toBe(302);
    expect(await t.db.selectFrom("services").select("id").where("name_uk", "=", "Бот-послуга").executeTakeFirst()).toBeUndefined();
  });

  it("needs a verified address", async () => {
    const unverified = await person({ verified: false });
    const page = await call(unverified, addRoute.loader, "/cabinet/add-poster");
    expect(page.data.verified).toBe(false);
    const sent = await sendEvent(unverified, { title_uk: "Непідтверджений" });
    expect(sent.status).toBe(403);
    expect(await posterRow("Непідтверджений")).toBeUndefined();
  });

  it("keeps to the advert cap per 24 hours, answering 429 with Retry-After", async () => {
    const busy = await person();
    await t.db.updateTable("settings").set({ adverts_per_user_per_day: 2 }).execute();
    try {
      expect((await sendEvent(busy, { title_uk: "Перша подія" })).status).toBe(302);
      expect((await submit(busy, "/cabinet/add-service", { name_uk: "Друга послуга" })).status).toBe(302);
      const third = await sendEvent(busy, { title_uk: "Третя подія" });
      expect(third.status).toBe(429);
      expect(Number(third.headers!.get("Retry-After"))).toBeGreaterThan(0);
      expect(third.data.result.error[""]).toEqual(['adverts:errors.daily_limit|{"max":2}']);
      expect(await posterRow("Третя подія")).toBeUndefined();
      expect((await call(busy, addRoute.loader, "/cabinet/add-poster")).data.limit).toBe(2);
    } finally {
      await t.db.updateTable("settings").set({ adverts_per_user_per_day: 10 }).execute();
    }
  });

  it("counts two submissions sent at the same moment one after the other, so the cap holds", async () => {
    const hasty = await person();
    await t.db.updateTable("settings").set({ adverts_per_user_per_day: 1 }).execute();
    try {
      const sent = await Promise.all(["Одночасна перша", "Одночасна друга"].map((title) => sendEvent(hasty, { title_uk: title })));
      expect(sent.map((outcome) => outcome.status).sort()).toEqual([302, 429]);
      const stored = await t.db.selectFrom("posters").select("id").where("submitted_by", "=", hasty.id).execute();
      expect(stored).toHaveLength(1);
    } finally {
      await t.db.updateTable("settings").set({ adverts_per_user_per_day: 10 }).execute();
    }
  });

  it("is for signed-in users only, and an unknown address is not a form", async () => {
    const anonymous = await sendEvent({ id: 0, email: "", cookie: "" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.response!.headers.get("Location")).toMatch(/^\/login\?redirect=/);
    expect((await call(sender, addRoute.loader, "/cabinet/add-nothing")).status).toBe(404);
  });
});

describe("deciding a submission", () => {
  async function pending(title: string): Promise<number> {
    expect((await sendEvent(sender, { title_uk: title, title_en: `${title} (en)` })).status).toBe(302);
    return (await posterRow(title))!.id;
  }

  function decide(who: Staff, form: Record<string, string>) {
    return asStaff(who, moderation.action, { url: "/dashboard/advertisements/moderation", form });
  }

  it("approving publishes it and tells the sender", async () => {
    const id = await pending("Концерт бандуристів");
    const queue = await asStaff(editor, moderation.loader, { url: "/dashboard/advertisements/moderation" });
    expect(queue.submissions).toContainEqual(
      expect.objectContaining({ type: "posters", id, submitter: expect.stringContaining(sender.email) }),
    );
    const waiting = (await asStaff(editor, dashboardHome.loader, { url: "/dashboard" })).activity.pendingSubmissions;
    expect(waiting).toBeGreaterThan(0);
    const answer = (await decide(editor, { intent: "submission-approve", type: "posters", id: String(id) })) as Response;
    expect(answer.status).toBe(302);
    expect(await isPublic(id)).toBe(true);
    expect((await posterRow("Концерт бандуристів"))!.submission_state).toBe("approved");
    expect((await asStaff(editor, dashboardHome.loader, { url: "/dashboard" })).activity.pendingSubmissions).toBe(Number(waiting) - 1);
    const mine = await call(sender, listRoute.loader, "/cabinet/submissions");
    expect(mine.data.items).toContainEqual(expect.objectContaining({ id, state: "published", path: expect.stringMatching(/^\/poster\//) }));
    await runQueuedJobs();
    const mail = readOutbox().find((message) => message.subject.includes("Концерт бандуристів (en)"));
    expect(mail?.to).toContain(sender.email);
    expect(mail?.subject).toMatch(/^Published/);
  });

  it("rejecting needs a reason, keeps it private, and mails the reason in the sender's language", async () => {
    const id = await pending("Подія з рекламою");
    const invalid = await decide(editor, { intent: "submission-reject", type: "posters", id: String(id), reason: "" });
    const { status, data } = unwrapData(invalid);
    expect(status).toBe(400);
    expect((data as any).target).toBe(`posters-${id}`);
    expect((data as any).result.error.reason).toEqual(["admin:moderation.reason_required"]);
    await decide(editor, { intent: "submission-reject", type: "posters", id: String(id), reason: "This is an advert, not an event." });
    const row = (await posterRow("Подія з рекламою"))!;
    expect(row).toMatchObject({ status: "draft", submission_state: "rejected", rejection_reason: "This is an advert, not an event." });
    expect(await isPublic(id)).toBe(false);
    const mine = await call(sender, listRoute.loader, "/cabinet/submissions");
    expect(mine.data.items).toContainEqual(expect.objectContaining({ id, state: "rejected", reason: "This is an advert, not an event." }));
    await runQueuedJobs();
    const mail = readOutbox().find((message) => message.subject.includes("Подія з рекламою (en)"))!;
    expect(mail.subject).toMatch(/^Not published/);
    expect(mail.text).toContain("Reason: This is an advert, not an event.");
    expect(mail.link).toBe("https://portal.example/us/cabinet/submissions");
    // Decided once: a second decision changes nothing.
    await decide(editor, { intent: "submission-approve", type: "posters", id: String(id) });
    expect((await posterRow("Подія з рекламою"))!.status).toBe("draft");
  });

  it("publishing a waiting submission from the dashboard list or its edit form approves it and tells the sender", async () => {
    const listed = await pending("Ярмарок без черги");
    const edited = await pending("Толока без черги");
    const actor = { id: editor.id, role: "editor" };
    expect(await changeItemState(contentSpec("posters"), listed, "publish", actor)).toBe(true);
    const row = (await posterRow("Толока без черги"))!;
    expect((await updateItem(contentSpec("posters"), edited, row.version, { columns: { status: "published" } }, actor)).status).toBe(
      "saved",
    );
    for (const [id, title] of [
      [listed, "Ярмарок без черги"],
      [edited, "Толока без черги"],
    ] as const) {
      expect(await isPublic(id)).toBe(true);
      expect((await posterRow(title))!.submission_state).toBe("approved");
    }
    const queue = await asStaff(editor, moderation.loader, { url: "/dashboard/advertisements/moderation" });
    expect(queue.submissions.map((item: { id: number }) => item.id)).not.toContain(listed);
    expect(queue.submissions.map((item: { id: number }) => item.id)).not.toContain(edited);
    await runQueuedJobs();
    const subjects = readOutbox().map((message) => message.subject);
    expect(subjects).toContainEqual(expect.stringMatching(/^Published.*Ярмарок без черги \(en\)/));
    expect(subjects).toContainEqual(expect.stringMatching(/^Published.*Толока без черги \(en\)/));
  });

  it("a user cannot approve, and a bad type or id is refused without a 500", async () => {
    const id = await pending("Самосхвалення");
    const user: Staff = { id: sender.id, email: sender.email, cookie: sender.cookie };
    await expect(decide(user, { intent: "submission-approve", type: "posters", id: String(id) })).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect((await posterRow("Самосхвалення"))!.status).toBe("draft");
    const badType = unwrapData(await decide(editor, { intent: "submission-approve", type: "news", id: String(id) }));
    expect(badType.status).toBe(400);
    await expect(decide(editor, { intent: "submission-approve", type: "posters", id: "abc" })).rejects.toMatchObject({
      init: { status: 400 },
    });
  });
});
