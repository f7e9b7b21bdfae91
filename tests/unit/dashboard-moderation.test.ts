import { beforeAll, describe, expect, it } from "vitest";
import * as contentEdit from "#app/routes/dashboard-content-edit/route.tsx";
import * as moderation from "#app/routes/dashboard-moderation/route.tsx";
import * as reports from "#app/routes/dashboard-reports/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { readOutbox, useAccountConfig, makeUser } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { asStaff, replyOf, staff, type Staff } from "./dashboard-support.ts";

const t = useTestDatabase();
let editor: Staff;
let owner: { id: number; email: string };
let categoryId: number;

beforeAll(async () => {
  useAccountConfig();
  editor = await staff("editor");
  const user = await makeUser({ role: "user", name: "Оксана" });
  await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", user.id).execute();
  owner = { id: user.id, email: user.email };
  categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "robota", name_uk: "Робота" });
});

async function advert(title: string, status: "pending" | "published" = "pending") {
  return insertRow(t.db, "advertisements", {
    slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 8)}`,
    owner_id: owner.id,
    category_id: categoryId,
    title,
    description: "Опис оголошення достатньої довжини.",
    status,
    published_at: status === "published" ? new Date() : null,
  });
}

/** An advert's status and the reason it was rejected with. */
const rejectionOf = (id: number) =>
  t.db.selectFrom("advertisements").select(["status", "rejection_reason"]).where("id", "=", id).executeTakeFirstOrThrow();

function moderate(form: Record<string, string>) {
  return asStaff(editor, moderation.action, { url: "/dashboard/advertisements/moderation", form });
}

describe("advert moderation", () => {
  it("lists pending adverts and approves one for the settings' lifetime, telling the owner", async () => {
    const id = await advert("Approve me please");
    const queue = await asStaff(editor, moderation.loader, { url: "/dashboard/advertisements/moderation" });
    expect(queue.adverts.map((row: { id: number }) => row.id)).toContain(id);
    await moderate({ intent: "approve", id: String(id) });
    const row = await t.db
      .selectFrom("advertisements")
      .select(["status", "published_at", "expires_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("published");
    const days = (row.expires_at!.getTime() - row.published_at!.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    await runQueuedJobs();
    const mail = readOutbox().find((message) => message.subject.includes("Approve me please"));
    expect(mail?.to).toContain(owner.email);
    expect(mail?.subject).toMatch(/published/);
  });

  it("rejects with a reason the owner sees and is mailed (in the owner's language)", async () => {
    const id = await advert("Reject me");
    const invalid = replyOf(await moderate({ intent: "reject", id: String(id), reason: "" }));
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error.reason).toEqual(["admin:moderation.reason_required"]);
    await moderate({ intent: "reject", id: String(id), reason: "Photos of someone else's flat." });
    expect(await rejectionOf(id)).toEqual({ status: "rejected", rejection_reason: "Photos of someone else's flat." });
    await runQueuedJobs();
    const mail = readOutbox().find((message) => message.subject.includes("Reject me"))!;
    expect(mail.raw).toContain("Photos of someone else's flat.");
    expect(mail.link).toMatch(/\/us\/cabinet\/edit\/\d+$/);
    const audit = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "advertisements")
      .where("entity_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: "reject", actor_id: editor.id });
    // A second decision on the same advert does nothing.
    await moderate({ intent: "approve", id: String(id) });
    expect((await t.db.selectFrom("advertisements").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(
      "rejected",
    );
  });

  it("edits an advert in the dashboard through the same generic form", async () => {
    const id = await advert("Editable advert", "published");
    const params = { type: "advertisements", id: String(id) };
    const loaded = await asStaff(editor, contentEdit.loader, { url: `/dashboard/advertisements/edit/${id}`, params });
    expect(loaded.item.ownerEmail).toBe(owner.email);
    const form = {
      ...loaded.defaults,
      intent: "save",
      title: "Edited advert title",
      price_kind: "amount",
      price_amount: "",
      price_currency: "",
    } as Record<string, string>;
    const invalid = replyOf(await asStaff(editor, contentEdit.action, { url: `/dashboard/advertisements/edit/${id}`, params, form }));
    expect(invalid.data.result.error.price_amount).toEqual(["admin:errors.required"]);
    const saved = await asStaff(editor, contentEdit.action, {
      url: `/dashboard/advertisements/edit/${id}`,
      params,
      form: { ...form, price_amount: "150.5", price_currency: "EUR" },
    });
    expect((saved as Response).status).toBe(302);
    const row = await t.db
      .selectFrom("advertisements")
      .select(["title", "price_amount", "price_currency", "owner_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: "Edited advert title", price_amount: "150.50", price_currency: "EUR", owner_id: owner.id });
  });

  it("sets an advert's kind in the dashboard: a gift loses its price, a call for help lives seven days", async () => {
    const id = await advert("Kind advert", "pending");
    const params = { type: "advertisements", id: String(id) };
    const url = `/dashboard/advertisements/edit/${id}`;
    const loaded = await asStaff(editor, contentEdit.loader, { url, params });
    expect(loaded.defaults.kind).toBe("offer");
    const base = { ...loaded.defaults, intent: "save", price_kind: "amount", price_amount: "20", price_currency: "EUR" } as Record<
      string,
      string
    >;
    const unknown = replyOf(await asStaff(editor, contentEdit.action, { url, params, form: { ...base, kind: "barter" } }));
    expect(unknown.data.result.error.kind).toBeDefined();

    await asStaff(editor, contentEdit.action, { url, params, form: { ...base, kind: "give_away" } });
    const gift = await t.db
      .selectFrom("advertisements")
      .select(["kind", "price_kind", "price_amount"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(gift).toEqual({ kind: "give_away", price_kind: "free", price_amount: null });

    // The form carries the row's version: the next save starts from the page as reloaded.
    const reloaded = await asStaff(editor, contentEdit.loader, { url, params });
    await asStaff(editor, contentEdit.action, {
      url,
      params,
      form: { ...reloaded.defaults, intent: "save", kind: "help_needed", status: "published", expires_at: "" } as Record<string, string>,
    });
    const help = await t.db
      .selectFrom("advertisements")
      .select(["kind", "published_at", "expires_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(help.kind).toBe("help_needed");
    const days = (help.expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });
});

describe("reports", () => {
  it("groups open reports by target with reasons and counts, and hides the target in one step", async () => {
    const newsId = await insertRow(t.db, "news", {
      slug: "skarha",
      title_uk: "Новина зі скаргами",
      status: "published",
      published_at: new Date(),
    });
    const otherId = await insertRow(t.db, "news", {
      slug: "insha",
      title_uk: "Інша новина",
      status: "published",
      published_at: new Date(),
    });
    await t.db
      .insertInto("reports")
      .values([
        { target_type: "news", target_id: newsId, reason: "spam", message: "Реклама казино" },
        { target_type: "news", target_id: newsId, reason: "spam" },
        { target_type: "news", target_id: newsId, reason: "offensive", message: "Образи" },
        { target_type: "news", target_id: otherId, reason: "duplicate" },
      ])
      .execute();
    const page = await asStaff(editor, reports.loader, { url: "/dashboard/reports" });
    const group = page.groups.find((entry: { targetId: number }) => entry.targetId === newsId)!;
    expect(group).toMatchObject({ targetType: "news", title: "Новина зі скаргами", count: 3, status: "published" });
    expect(group.reasons).toEqual([
      { reason: "spam", count: 2 },
      { reason: "offensive", count: 1 },
    ]);
    expect(group.messages.map((message: { message: string }) => message.message).sort()).toEqual(["Образи", "Реклама казино"]);

    await asStaff(editor, reports.action, {
      url: "/dashboard/reports",
      form: { intent: "hide", target_type: "news", target_id: String(newsId), note: "Порушує правила" },
    });
    expect((await t.db.selectFrom("news").select("status").where("id", "=", newsId).executeTakeFirstOrThrow()).status).toBe("draft");
    const closed = await t.db.selectFrom("reports").select(["status", "resolved_by", "note"]).where("target_id", "=", newsId).execute();
    expect(closed).toEqual(Array(3).fill({ status: "resolved", resolved_by: editor.id, note: "Порушує правила" }));

    await asStaff(editor, reports.action, {
      url: "/dashboard/reports",
      form: { intent: "dismiss", target_type: "news", target_id: String(otherId) },
    });
    expect((await t.db.selectFrom("news").select("status").where("id", "=", otherId).executeTakeFirstOrThrow()).status).toBe("published");
    expect((await t.db.selectFrom("reports").select("status").where("target_id", "=", otherId).executeTakeFirstOrThrow()).status).toBe(
      "dismissed",
    );
    expect((await asStaff(editor, reports.loader, { url: "/dashboard/reports" })).total).toBe(0);
  });

  it("hiding a reported advert rejects it with the note as the reason and mails its owner", async () => {
    const id = await advert("Reported advert", "published");
    await t.db.insertInto("reports").values({ target_type: "advertisement", target_id: id, reason: "fraud", message: "Шахраї" }).execute();
    await asStaff(editor, reports.action, {
      url: "/dashboard/reports",
      form: { intent: "hide", target_type: "advertisement", target_id: String(id), note: "Suspected fraud" },
    });
    expect(await rejectionOf(id)).toEqual({ status: "rejected", rejection_reason: "Suspected fraud" });
    await runQueuedJobs();
    expect(readOutbox().some((message) => message.subject.includes("Reported advert") && message.raw.includes("Suspected fraud"))).toBe(
      true,
    );
  });
});
