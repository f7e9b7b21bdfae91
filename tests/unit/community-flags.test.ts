// Community flags, banned words and blocked email domains: reports from enough distinct verified
// accounts within 24 hours hide an advert pending review (and mail its owner), staff restore it
// from the reports queue; a banned word sends an advert to moderation and holds a message; a
// blocked domain is refused at registration and at an email change; the settings' lists are
// validated.
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as report from "#app/routes/report/route.tsx";
import * as reports from "#app/routes/dashboard-reports/route.tsx";
import * as settings from "#app/routes/dashboard-settings/route.tsx";
import * as login from "#app/routes/login/route.tsx";
import * as cabinet from "#app/routes/cabinet/route.tsx";
import * as newRoute from "#app/routes/advert-new/route.tsx";
import * as editRoute from "#app/routes/cabinet-advert-edit/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { emailDomainBlocked, blockedDomainsProblem } from "#app/modules/auth/email-domains.ts";
import { pendingEmailChange } from "#app/modules/auth/email-change.server.ts";
import { holdIfFlagged } from "#app/modules/moderation/community-flags.server.ts";
import { holdsBannedWord } from "#app/modules/moderation/banned-words.ts";
import { compileWordMatcher } from "#app/platform/format/word-list.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { settingsSchema } from "#app/modules/users-admin/schemas.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, mailsTo, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { insertBicycleAdvert, insertTransportCategory } from "../support/adverts.ts";
import { conversationOf, flashMessage, send } from "../support/messages.ts";
import { catchResponse, unwrapData } from "../support/route.ts";
import { asStaff, replyOf, useStaffAccounts } from "./dashboard-support.ts";

const t = useTestDatabase();
const team = useStaffAccounts();
const HOUR = 60 * 60 * 1000;
let categoryId: number;
let counter = 0;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertTransportCategory(t.db);
});

async function liveAdvert() {
  const owner = await makeUser({ name: "Олена" });
  const advert = await insertBicycleAdvert(t.db, { ownerId: owner.id, categoryId, slug: `bike-${++counter}`, number: counter });
  return { owner, advert };
}

/** A report through the public form, as `cookie`'s user (anonymous without). */
async function reportAs(cookie: string | undefined, advertId: number, ip?: string) {
  const { result } = await callWithSession(report.action, {
    url: "/report",
    cookie,
    ip,
    form: { targetType: "advertisement", targetId: String(advertId), reason: "fraud", message: "Просить передоплату" },
  });
  return result;
}

async function reporters(count: number, verified = true) {
  const cookies: Array<{ id: number; cookie: string }> = [];
  for (let i = 0; i < count; i++) {
    const user = await makeUser({ verified });
    cookies.push({ id: user.id, cookie: await sessionCookieFor(user.id) });
  }
  return cookies;
}

const statusOf = async (id: number) =>
  (await t.db.selectFrom("advertisements").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

const auditOf = (id: number) =>
  t.db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "after"])
    .where("entity_type", "=", "advertisements")
    .where("entity_id", "=", id)
    .orderBy("id")
    .execute();

describe("community flags", () => {
  it("three distinct verified reporters within 24 hours hide the advert and mail its owner why", async () => {
    const { owner, advert } = await liveAdvert();
    const people = await reporters(3);
    for (const [index, person] of people.entries()) {
      const answer = await reportAs(person.cookie, advert.id);
      expect((answer as Response).status).toBe(302);
      expect(await statusOf(advert.id)).toBe(index < 2 ? "published" : "pending");
      // The report that hid it thanks the reporter on the home page: the advert's page is gone.
      expect((answer as Response).headers.get("Location")).toBe(index < 2 ? `/advertisement/${advert.slug}` : "/");
    }
    const audit = await auditOf(advert.id);
    expect(audit).toEqual([{ action: "hold", actor_id: null, after: { status: "pending", reporters: 3 } }]);
    await runQueuedJobs();
    const mail = mailsTo(owner.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Ваше оголошення приховано до перевірки: ${advert.title}`);
    expect(mail[0]!.text).toContain("https://portal.example/cabinet/advertisement");
    // Hidden: the public report form no longer finds it.
    expect(unwrapData(await reportAs(undefined, advert.id)).status).toBe(404);
  });

  it("accounts sharing one address (a household, a carrier's NAT) each count", async () => {
    const { advert } = await liveAdvert();
    for (const person of await reporters(3)) await reportAs(person.cookie, advert.id, "198.51.100.7");
    expect(await statusOf(advert.id)).toBe("pending");
  });

  it("one account's reports count once", async () => {
    const { advert } = await liveAdvert();
    const [person] = await reporters(1);
    expect(((await reportAs(person!.cookie, advert.id)) as Response).status).toBe(302);
    // The form keeps one open report per person; rows stored otherwise (a race, the evidence of a conversation) still count once.
    await t.db
      .insertInto("reports")
      .values(
        [1, 2].map(() => ({
          target_type: "advertisement" as const,
          target_id: advert.id,
          reason: "spam" as const,
          reporter_id: person!.id,
        })),
      )
      .execute();
    expect(await holdIfFlagged(advert.id)).toBe(false);
    expect(await statusOf(advert.id)).toBe("published");
    const stored = await t.db.selectFrom("reports").select("id").where("target_id", "=", advert.id).execute();
    expect(stored).toHaveLength(3);
  });

  it("unverified and anonymous reports reach the queue but never count", async () => {
    const { advert } = await liveAdvert();
    for (const person of await reporters(3, false)) await reportAs(person.cookie, advert.id);
    for (let i = 0; i < 3; i++) await reportAs(undefined, advert.id);
    // Two verified accounts: with the six others, eight reports, and still one short.
    for (const person of await reporters(2)) await reportAs(person.cookie, advert.id);
    expect(await statusOf(advert.id)).toBe("published");
    const page = await asStaff(team.editor, reports.loader, { url: "/dashboard/reports" });
    const group = page.groups.find((g: { targetId: number }) => g.targetId === advert.id);
    expect(group).toMatchObject({ count: 8, held: false });
  });

  it("reports older than 24 hours do not count", async () => {
    const { advert } = await liveAdvert();
    const [old1, old2, fresh] = await reporters(3);
    await t.db
      .insertInto("reports")
      .values(
        [old1!, old2!].map((person) => ({
          target_type: "advertisement" as const,
          target_id: advert.id,
          reason: "fraud" as const,
          reporter_id: person.id,
          created_at: new Date(Date.now() - 25 * HOUR),
        })),
      )
      .execute();
    // Open reports of the others within the day: the form refuses them as duplicates, so the day is what matters.
    await reportAs(fresh!.cookie, advert.id);
    expect(await statusOf(advert.id)).toBe("published");
    // Within the window they would have made three.
    await t.db
      .updateTable("reports")
      .set({ created_at: new Date(Date.now() - 23 * HOUR) })
      .where("target_id", "=", advert.id)
      .execute();
    expect(await holdIfFlagged(advert.id)).toBe(true);
    expect(await statusOf(advert.id)).toBe("pending");
  });

  it("parallel reports hide the advert once, with one audit entry and one mail", async () => {
    const { owner, advert } = await liveAdvert();
    const people = await reporters(4);
    await Promise.all(people.map((person) => reportAs(person.cookie, advert.id)));
    expect(await statusOf(advert.id)).toBe("pending");
    expect((await auditOf(advert.id)).filter((entry) => entry.action === "hold")).toHaveLength(1);
    await runQueuedJobs();
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it("follows the settings' threshold; 0 turns it off", async () => {
    await t.db.updateTable("settings").set({ flag_hold_threshold: 0 }).execute();
    try {
      const { advert } = await liveAdvert();
      for (const person of await reporters(3)) await reportAs(person.cookie, advert.id);
      expect(await statusOf(advert.id)).toBe("published");
      await t.db.updateTable("settings").set({ flag_hold_threshold: 2 }).execute();
      const other = await liveAdvert();
      for (const person of await reporters(2)) await reportAs(person.cookie, other.advert.id);
      expect(await statusOf(other.advert.id)).toBe("pending");
    } finally {
      await t.db.updateTable("settings").set({ flag_hold_threshold: 3 }).execute();
    }
  });

  it("staff see the held advert in the reports queue and restore it: live again, reports dismissed, audited, owner told", async () => {
    const { owner, advert } = await liveAdvert();
    for (const person of await reporters(3)) await reportAs(person.cookie, advert.id);
    expect(await statusOf(advert.id)).toBe("pending");
    await runQueuedJobs();
    const page = await asStaff(team.editor, reports.loader, { url: "/dashboard/reports" });
    const group = page.groups.find((g: { targetId: number }) => g.targetId === advert.id);
    expect(group).toMatchObject({ targetType: "advertisement", status: "pending", held: true, count: 3 });

    const answer = await asStaff(team.editor, reports.action, {
      url: "/dashboard/reports",
      form: { intent: "restore", target_type: "advertisement", target_id: String(advert.id) },
    });
    expect((answer as Response).status).toBe(302);
    expect(flashMessage(answer as Response)).toBe("admin:reports.done_restore");
    expect(await statusOf(advert.id)).toBe("published");
    const closed = await t.db.selectFrom("reports").select(["status", "resolved_by"]).where("target_id", "=", advert.id).execute();
    expect(closed).toEqual(closed.map(() => ({ status: "dismissed", resolved_by: team.editor.id })));
    const audit = await auditOf(advert.id);
    expect(audit.at(-1)).toMatchObject({ action: "restore", actor_id: team.editor.id, after: { status: "published" } });
    await runQueuedJobs();
    expect(mailsTo(owner.email).at(-1)!.subject).toContain(advert.title);
    expect(mailsTo(owner.email)).toHaveLength(2);

    // Restoring again: nothing waits, staff are told so.
    const again = await asStaff(team.editor, reports.action, {
      url: "/dashboard/reports",
      form: { intent: "restore", target_type: "advertisement", target_id: String(advert.id) },
    });
    expect(flashMessage(again as Response)).toBe("admin:reports.not_held");
    // Closed reports start the count again: the same three people's reports hold it no more.
    expect(await holdIfFlagged(advert.id)).toBe(false);
  });

  it("staff remove a held advert from the queue: rejected, reports resolved", async () => {
    const { advert } = await liveAdvert();
    for (const person of await reporters(3)) await reportAs(person.cookie, advert.id);
    await asStaff(team.editor, reports.action, {
      url: "/dashboard/reports",
      form: { intent: "hide", target_type: "advertisement", target_id: String(advert.id), note: "Шахрайство" },
    });
    const row = await t.db
      .selectFrom("advertisements")
      .select(["status", "rejection_reason"])
      .where("id", "=", advert.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "rejected", rejection_reason: "Шахрайство" });
  });
});

describe("banned words", () => {
  beforeEach(async () => {
    await t.db.updateTable("settings").set({ banned_words: "шахрай\nкупюри\nfake ID" }).execute();
    resetContentState();
  });

  it("match whole words, case-insensitively, Cyrillic and Latin, phrases with any spacing", () => {
    const list = "шахрай\nкупюри\nfake ID\nм'ясо";
    const matches = compileWordMatcher(list);
    expect(matches("Він ШАХРАЙ!")).toBe(true);
    expect(matches("Шахрайство")).toBe(false);
    expect(matches("фальшиві купюри.")).toBe(true);
    expect(matches("Selling a FAKE   id today")).toBe(true);
    expect(matches("fake IDs")).toBe(false);
    expect(matches("свіже м’ясо")).toBe(true);
    expect(compileWordMatcher("")("anything")).toBe(false);
    expect(holdsBannedWord(list, null, "назва", "опис з купюри")).toBe(true);
    expect(holdsBannedWord(list, "назва", "опис")).toBe(false);
  });

  function advertForm(overrides: Record<string, string> = {}) {
    const values: Record<string, string> = {
      title: "Велосипед міський",
      categoryId: String(categoryId),
      description: "Міський велосипед у доброму стані, з ліхтарями і кошиком.",
      priceKind: "free",
      contactName: "Оля",
      email: "olia@example.test",
      ...overrides,
    };
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value);
    return form;
  }

  it("an advert holding one waits for review on post and on edit, with a neutral notice", async () => {
    const user = await makeUser({ name: "Оля" });
    const cookie = await sessionCookieFor(user.id);
    const posted = await catchResponse(
      callWithSession(newRoute.action, {
        url: "/dodaty-ogoloshennya",
        cookie,
        form: advertForm({ description: "Продаю нові купюри, пишіть у приват, будь ласка." }),
        middleware: [authMiddleware],
      }).then((r) => r.result),
    );
    expect(posted.status).toBe(302);
    expect(flashMessage(posted)).toBe("adverts:flash.sent_to_moderation");
    const clean = await catchResponse(
      callWithSession(newRoute.action, { url: "/dodaty-ogoloshennya", cookie, form: advertForm(), middleware: [authMiddleware] }).then(
        (r) => r.result,
      ),
    );
    expect(flashMessage(clean)).toBe("adverts:flash.published");
    const rows = await t.db.selectFrom("advertisements").select(["id", "status"]).where("owner_id", "=", user.id).orderBy("id").execute();
    expect(rows.map((row) => row.status)).toEqual(["pending", "published"]);

    const edited = await catchResponse(
      callWithSession(editRoute.action, {
        url: `/cabinet/edit/${rows[1]!.id}`,
        cookie,
        params: { id: String(rows[1]!.id) },
        form: advertForm({ title: "Велосипед, продавець не шахрай" }),
        middleware: [authMiddleware],
      }).then((r) => r.result),
    );
    expect(flashMessage(edited)).toBe("adverts:flash.sent_to_moderation");
    expect(await statusOf(rows[1]!.id)).toBe("pending");
  });

  it("a message holding one is held for staff with a neutral notice, and not delivered", async () => {
    const seller = await makeUser({ name: "Олена" });
    const buyer = await makeUser({ name: "Богдан" });
    await t.db
      .updateTable("users")
      .set({ created_at: sql`now() - interval '2 days'` })
      .where("id", "in", [seller.id, buyer.id])
      .execute();
    const advert = await insertBicycleAdvert(t.db, { ownerId: seller.id, categoryId, slug: `bike-msg-${++counter}`, number: counter });
    const buyerCookie = await sessionCookieFor(buyer.id);
    const sent = send(buyerCookie, advert.id, "Маю КУПЮРИ для обміну");
    const id = await conversationOf(sent);
    expect(flashMessage((await sent).result as Response)).toBe("cabinet:messages.flash_review");
    const stored = await t.db.selectFrom("messages").select(["body", "held_at"]).where("conversation_id", "=", id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.held_at).not.toBeNull();
    const conversation = await t.db.selectFrom("conversations").select("held").where("id", "=", id).executeTakeFirstOrThrow();
    expect(conversation.held).toBe(true);
    // A clean message goes through.
    const other = await insertBicycleAdvert(t.db, { ownerId: seller.id, categoryId, slug: `bike-msg-${++counter}`, number: counter });
    const clean = send(buyerCookie, other.id, "Чи ще продається?");
    await conversationOf(clean);
    expect(flashMessage((await clean).result as Response)).toBe("cabinet:messages.flash_sent");
  });
});

describe("blocked email domains", () => {
  beforeEach(async () => {
    await t.db.updateTable("settings").set({ blocked_email_domains: "mailinator.com\nтимчасова.укр" }).execute();
    resetContentState();
  });

  it("match the domain and its subdomains only", () => {
    const list = "mailinator.com\nтимчасова.укр";
    expect(emailDomainBlocked("a@mailinator.com", list)).toBe(true);
    expect(emailDomainBlocked("a@MX.Mailinator.COM", list)).toBe(true);
    expect(emailDomainBlocked("a@notmailinator.com", list)).toBe(false);
    expect(emailDomainBlocked("a@mailinator.com.ua", list)).toBe(false);
    expect(emailDomainBlocked("a@тимчасова.укр", list)).toBe(true);
    expect(emailDomainBlocked("a@example.test", "")).toBe(false);
  });

  it("registration with a blocked address is refused beside the email field, the input kept", async () => {
    const email = `someone-${Date.now()}@sub.mailinator.com`;
    const { result } = await callWithSession(login.action, {
      url: "/us/login",
      form: { intent: "register", name: "Ola", email, password: "abcdefg12" },
    });
    const reply = unwrapData(result);
    expect(reply.status).toBe(400);
    const data = reply.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(data.result.error.email).toEqual(["auth:errors.email_domain_blocked"]);
    expect(data.result.initialValue.email).toBe(email);
    expect(data.result.initialValue.password).toBeUndefined();
    expect(await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("an email change to a blocked address is refused beside the field", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const next = `moved-${Date.now()}@mailinator.com`;
    const { result } = await callWithSession(cabinet.action, {
      url: "/cabinet",
      cookie,
      form: { intent: "email-change", newEmail: next, currentPassword: user.password },
    });
    const reply = unwrapData(result);
    expect(reply.status).toBe(400);
    const data = reply.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(data.result.error.newEmail).toEqual(["cabinet:email_change.errors.blocked"]);
    expect(data.result.initialValue.newEmail).toBe(next);
    expect(await pendingEmailChange(user.id)).toBeNull();
    expect(readOutbox().some((mail) => mail.to.includes(next))).toBe(false);
  });
});

describe("the settings' lists", () => {
  it("validates the threshold, the banned words and the domains with messages beside the fields", () => {
    const shape = settingsSchema.shape;
    expect(shape.flag_hold_threshold.safeParse(3).success).toBe(true);
    expect(shape.flag_hold_threshold.safeParse(0).success).toBe(true);
    expect(shape.flag_hold_threshold.safeParse(51).success).toBe(false);
    expect(shape.banned_words.safeParse(`ok\n${"x".repeat(61)}`).error?.issues[0]?.message).toBe(
      'admin:settings.scam_word_too_long|{"line":2,"max":60}',
    );
    expect(shape.banned_words.safeParse(Array.from({ length: 501 }, (_, i) => `w${i}`).join("\n")).success).toBe(false);
    expect(blockedDomainsProblem("mailinator.com\n@yopmail.com\n*.temp-mail.org")).toBeNull();
    expect(blockedDomainsProblem("mailinator.com\nnot a domain")).toEqual({ notDomain: 2 });
    expect(shape.blocked_email_domains.safeParse("ok.com\nlocalhost").error?.issues[0]?.message).toBe(
      'admin:settings.domain_invalid|{"line":2}',
    );
  });

  it("the dashboard shows the lists, refuses bad input with 400 keeping it, and saves good input tidied", async () => {
    await t.db.updateTable("settings").set({ banned_words: "", blocked_email_domains: "" }).execute();
    const loaded = await asStaff(team.admin, settings.loader, { url: "/dashboard/settings" });
    expect(loaded.defaults).toMatchObject({ flag_hold_threshold: "3", banned_words: "", blocked_email_domains: "" });
    const bad = "mailinator.com\nhttp://bad";
    const refused = replyOf(
      await asStaff(team.admin, settings.action, {
        url: "/dashboard/settings",
        form: { ...loaded.defaults, blocked_email_domains: bad, flag_hold_threshold: "-1" },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.blocked_email_domains).toEqual(['admin:settings.domain_invalid|{"line":2}']);
    expect(refused.data.result.error.flag_hold_threshold).toHaveLength(1);
    expect(refused.data.result.initialValue.blocked_email_domains).toBe(bad);

    await asStaff(team.admin, settings.action, {
      url: "/dashboard/settings",
      form: {
        ...loaded.defaults,
        flag_hold_threshold: "5",
        banned_words: "  Шахрай \n\nfake   ID ",
        blocked_email_domains: "@Mailinator.com\n*.yopmail.com\nmailinator.com",
      },
    });
    const row = await t.db
      .selectFrom("settings")
      .select(["flag_hold_threshold", "banned_words", "blocked_email_domains"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ flag_hold_threshold: 5, banned_words: "Шахрай\nfake ID", blocked_email_domains: "mailinator.com\nyopmail.com" });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("entity_type", "=", "settings")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ flag_hold_threshold: 5 });
    await t.db.updateTable("settings").set({ flag_hold_threshold: 3 }).execute();
  });
});
