import { describe, expect, it } from "vitest";
import * as categories from "#app/routes/dashboard-categories/route.tsx";
import * as categoryEdit from "#app/routes/dashboard-category-edit/route.tsx";
import * as locations from "#app/routes/dashboard-locations/route.tsx";
import * as settings from "#app/routes/dashboard-settings/route.tsx";
import * as tags from "#app/routes/dashboard-tags/route.tsx";
import * as users from "#app/routes/dashboard-users/route.tsx";
import { sessionCookieFor } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { formOptions } from "#app/modules/staff-content/form-data.server.ts";
import { contentSpec } from "#app/modules/staff-content/types.ts";
import { asStaff, replyOf, staff, useStaffAccounts } from "./dashboard-support.ts";

const t = useTestDatabase();
const team = useStaffAccounts();

const onCategories = (form: Record<string, string>, type = "services") =>
  asStaff(team.editor, categories.action, { url: `/dashboard/${type}/categories`, params: { type }, form });

describe("categories", () => {
  it("creates, renames (uk, en), reorders and deletes only when empty", async () => {
    // Every taxonomy name exists in both languages: without the English one nothing is created.
    const noEnglish = replyOf(await onCategories({ intent: "create", name_uk: "Юристи" }));
    expect(noEnglish.data.result.error.name_en).toEqual(["admin:errors.required"]);
    await onCategories({ intent: "create", name_uk: "Юристи", name_en: "Lawyers" });
    await onCategories({ intent: "create", name_uk: "Перекладачі", name_en: "Translators" });
    const duplicate = replyOf(await onCategories({ intent: "create", name_uk: "Юристи", name_en: "Lawyers" }));
    expect(duplicate.data.result.error.slug).toEqual(["admin:errors.slug_taken"]);
    let list = await asStaff(team.editor, categories.loader, { url: "/dashboard/services/categories", params: { type: "services" } });
    expect(list.categories.map((row: { slug: string }) => row.slug)).toEqual(["yurysty", "perekladachi"]);
    const [lawyers, translators] = list.categories as Array<{ id: number }>;

    await onCategories({ intent: "up", id: String(translators!.id) });
    list = await asStaff(team.editor, categories.loader, { url: "/dashboard/services/categories", params: { type: "services" } });
    expect(list.categories.map((row: { slug: string }) => row.slug)).toEqual(["perekladachi", "yurysty"]);

    await asStaff(team.editor, categoryEdit.action, {
      url: `/dashboard/services/categories/edit-page/${lawyers!.id}`,
      params: { type: "services", id: String(lawyers!.id) },
      form: { intent: "rename", name_uk: "Юридичні послуги", name_en: "Legal services", slug: "yurysty" },
    });
    const renamed = await t.db
      .selectFrom("categories")
      .select(["name_uk", "name_en", "kind"])
      .where("id", "=", lawyers!.id)
      .executeTakeFirstOrThrow();
    expect(renamed).toEqual({ name_uk: "Юридичні послуги", name_en: "Legal services", kind: "service" });

    await t.db.insertInto("services").values({ slug: "pravo", name_uk: "Право", category_id: lawyers!.id }).execute();
    await onCategories({ intent: "delete", id: String(lawyers!.id) });
    expect(await t.db.selectFrom("categories").select("id").where("id", "=", lawyers!.id).executeTakeFirst()).toBeDefined();
    await onCategories({ intent: "delete", id: String(translators!.id) });
    expect(await t.db.selectFrom("categories").select("id").where("id", "=", translators!.id).executeTakeFirst()).toBeUndefined();

    const history = await asStaff(team.editor, categoryEdit.loader, {
      url: `/dashboard/services/categories/edit-page/${lawyers!.id}`,
      params: { type: "services", id: String(lawyers!.id) },
    });
    expect(history.history.map((entry: { action: string }) => entry.action)).toEqual(["rename", "create"]);
    expect(history.history[0].changes).toContainEqual({ field: "name_en", before: "Lawyers", after: "Legal services" });
  });

  it("a category of another kind is not found through this editor", async () => {
    const newsId = await insertRow(t.db, "categories", { kind: "news", slug: "kultura", name_uk: "Культура" });
    await expect(
      asStaff(team.editor, categoryEdit.loader, {
        url: `/dashboard/services/categories/edit-page/${newsId}`,
        params: { type: "services", id: String(newsId) },
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("tags", () => {
  it("renames and merges duplicates, keeping every item tagged", async () => {
    const [a, b, c] = await t.db
      .insertInto("tags")
      .values([
        { slug: "lviv", name_uk: "Львів" },
        { slug: "lvov", name_uk: "Львов" },
        { slug: "misto-lviv", name_uk: "місто Львів" },
      ])
      .returning("id")
      .execute();
    const [n1, n2] = await t.db
      .insertInto("news")
      .values([
        { slug: "n1", title_uk: "Н1" },
        { slug: "n2", title_uk: "Н2" },
      ])
      .returning("id")
      .execute();
    const posterId = await insertRow(t.db, "posters", { slug: "p1", title_uk: "П1", starts_at: new Date() });
    await t.db
      .insertInto("news_tags")
      .values([
        { news_id: n1!.id, tag_id: a!.id },
        { news_id: n1!.id, tag_id: b!.id },
        { news_id: n2!.id, tag_id: c!.id },
      ])
      .execute();
    await t.db.insertInto("poster_tags").values({ poster_id: posterId, tag_id: b!.id }).execute();

    await asStaff(team.editor, tags.action, {
      url: "/dashboard/tags",
      form: { intent: "rename", id: String(a!.id), name_uk: "Львів", name_en: "Lviv", slug: "lviv" },
    });
    await asStaff(team.editor, tags.action, {
      url: "/dashboard/tags",
      form: { intent: "merge", source_ids: [String(b!.id), String(c!.id)], target_id: String(a!.id) },
    });
    const remaining = await t.db.selectFrom("tags").select(["slug", "name_en"]).execute();
    expect(remaining).toEqual([{ slug: "lviv", name_en: "Lviv" }]);
    const newsTags = await t.db.selectFrom("news_tags").select(["news_id", "tag_id"]).orderBy("news_id").execute();
    expect(newsTags).toEqual([
      { news_id: n1!.id, tag_id: a!.id },
      { news_id: n2!.id, tag_id: a!.id },
    ]);
    expect(await t.db.selectFrom("poster_tags").select("tag_id").execute()).toEqual([{ tag_id: a!.id }]);
  });
});

describe("locations (admin)", () => {
  it("creates and renames locations", async () => {
    await asStaff(team.admin, locations.action, {
      url: "/dashboard/locations",
      form: { intent: "create", name_uk: "Прага", name_en: "Prague" },
    });
    const row = await t.db.selectFrom("locations").select(["id", "slug"]).where("slug", "=", "praha").executeTakeFirstOrThrow();
    await asStaff(team.admin, locations.action, {
      url: "/dashboard/locations",
      form: { intent: "rename", id: String(row.id), name_uk: "Прага", name_en: "Praha", slug: "praha" },
    });
    expect((await t.db.selectFrom("locations").select("name_en").where("id", "=", row.id).executeTakeFirstOrThrow()).name_en).toBe("Praha");
  });
});

describe("content form choices", () => {
  it("name categories and locations in the dashboard's language", async () => {
    await t.db.insertInto("categories").values({ kind: "poster", slug: "kontserty", name_uk: "Концерти", name_en: "Concerts" }).execute();
    await t.db.insertInto("locations").values({ slug: "vrotslav", name_uk: "Вроцлав", name_en: "Wrocław", position: 9 }).execute();
    const spec = contentSpec("posters");
    const english = await formOptions(spec, "en");
    expect(english.categories.map((choice) => choice.label)).toContain("Concerts");
    expect(english.locations.map((choice) => choice.label)).toContain("Wrocław");
    const ukrainian = await formOptions(spec, "uk");
    expect(ukrainian.categories.map((choice) => choice.label)).toContain("Концерти");
  });
});

describe("settings and users (admin)", () => {
  it("saves the settings and audits the change", async () => {
    const loaded = await asStaff(team.admin, settings.loader, { url: "/dashboard/settings" });
    const form = {
      ...loaded.defaults,
      site_name_en: "Ukrainian community",
      advert_moderation: "on",
      advert_lifetime_days: "45",
      social_telegram: "https://t.me/hromada",
    } as Record<string, string>;
    const invalid = replyOf(
      await asStaff(team.admin, settings.action, { url: "/dashboard/settings", form: { ...form, advert_lifetime_days: "0" } }),
    );
    expect(invalid.data.result.error.advert_lifetime_days).toEqual(['admin:errors.range|{"min":1,"max":365}']);
    await asStaff(team.admin, settings.action, { url: "/dashboard/settings", form });
    const row = await t.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      site_name_en: "Ukrainian community",
      advert_moderation: true,
      advert_lifetime_days: 45,
      social_links: { telegram: "https://t.me/hromada" },
    });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "settings").executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ advert_lifetime_days: 45, advert_moderation: true });
  });

  it("changes roles and blocks users; never the last admin or oneself", async () => {
    const target = await staff("user");
    const listed = await asStaff(team.admin, users.loader, { url: `/dashboard/settings/users?q=${encodeURIComponent(target.email)}` });
    expect(listed.users.map((user: { email: string }) => user.email)).toEqual([target.email]);

    await asStaff(team.admin, users.action, {
      url: "/dashboard/settings/users",
      form: { intent: "role", user_id: String(target.id), role: "editor" },
    });
    expect((await t.db.selectFrom("users").select("role").where("id", "=", target.id).executeTakeFirstOrThrow()).role).toBe("editor");

    await sessionCookieFor(target.id);
    await asStaff(team.admin, users.action, {
      url: "/dashboard/settings/users",
      form: { intent: "block", user_id: String(target.id), blocked: "yes" },
    });
    expect(
      (await t.db.selectFrom("users").select("blocked_at").where("id", "=", target.id).executeTakeFirstOrThrow()).blocked_at,
    ).not.toBeNull();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", target.id).execute()).toEqual([]);

    await asStaff(team.admin, users.action, {
      url: "/dashboard/settings/users",
      form: { intent: "role", user_id: String(team.admin.id), role: "user" },
    });
    expect((await t.db.selectFrom("users").select("role").where("id", "=", team.admin.id).executeTakeFirstOrThrow()).role).toBe("admin");
    const actions = await t.db.selectFrom("audit_log").select("action").where("entity_type", "=", "user").orderBy("id").execute();
    expect(actions.map((row) => row.action)).toEqual(["role", "block"]);
  });
});
