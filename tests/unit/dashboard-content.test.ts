import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as contentEdit from "#app/routes/dashboard-content-edit/route.tsx";
import * as contentList from "#app/routes/dashboard-content-list/route.tsx";
import * as contentNew from "#app/routes/dashboard-content-new/route.tsx";
import * as newsItem from "#app/routes/news-item/route.tsx";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { asStaff, pngFile, replyOf, toLocalInput, type Staff, useStaffAccounts } from "./dashboard-support.ts";

const t = useTestDatabase();
const team = useStaffAccounts();
let categoryId: number;
let tagId: number;

beforeAll(async () => {
  categoryId = await insertRow(t.db, "categories", { kind: "news", slug: "hromada", name_uk: "Громада", name_en: "Community" });
  tagId = (
    await t.db.insertInto("tags").values({ slug: "kyiv", name_uk: "Київ", name_en: "Kyiv" }).returning("id").executeTakeFirstOrThrow()
  ).id;
});

async function createNews(who: Staff, fields: Record<string, string | File | string[]>) {
  return asStaff(who, contentNew.action, {
    url: "/dashboard/news/new-page",
    params: { type: "news" },
    form: { intent: "save", status: "draft", ...fields },
  });
}

function idFrom(response: unknown): number {
  expect(response).toBeInstanceOf(Response);
  const location = (response as Response).headers.get("Location")!;
  expect(location).toMatch(/^\/dashboard\/news\/edit\/\d+$/);
  return Number(location.split("/").pop());
}

async function publicNews(slug: string) {
  return callAppRoute(newsItem.loader, { url: `/novyny/${slug}`, params: { slug } });
}

describe("creating news", () => {
  it("stores a bilingual, scheduled item with a cover image and tags; it is public at its time and not before", async () => {
    const inAnHour = toLocalInput(new Date(Date.now() + 60 * 60 * 1000));
    const response = await createNews(team.editor, {
      title_uk: "Зустріч громади у Кракові",
      title_en: "Community meeting in Kraków",
      summary_uk: "Коротко про зустріч.",
      body_uk: "<p>Текст українською.</p>",
      body_en: "<p>English text.</p>",
      category_id: String(categoryId),
      tag_ids: [String(tagId)],
      new_tags: "Краків / Kraków, волонтери",
      cover_image_id_file: await pngFile(),
      status: "published",
      published_at: inAnHour,
    });
    const id = idFrom(response);
    const row = await t.db.selectFrom("news").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      slug: "zustrich-hromady-u-krakovi",
      title_en: "Community meeting in Kraków",
      status: "published",
      author_id: team.editor.id,
      category_id: categoryId,
    });
    expect(row.cover_image_id).toBeTypeOf("number");
    expect(Math.abs(row.published_at!.getTime() - (Date.now() + 3_600_000))).toBeLessThan(120_000);
    const tags = await t.db
      .selectFrom("news_tags")
      .innerJoin("tags", "tags.id", "news_tags.tag_id")
      .select("tags.slug")
      .where("news_id", "=", id)
      .orderBy("tags.slug")
      .execute();
    expect(tags.map((tag) => tag.slug)).toEqual(["krakiv", "kyiv", "volontery"]);
    // A new tag typed with its English name after a slash is bilingual from the start.
    const created = await t.db
      .selectFrom("tags")
      .select(["slug", "name_uk", "name_en"])
      .where("slug", "in", ["krakiv", "volontery"])
      .orderBy("slug")
      .execute();
    expect(created).toEqual([
      { slug: "krakiv", name_uk: "Краків", name_en: "Kraków" },
      { slug: "volontery", name_uk: "волонтери", name_en: null },
    ]);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_type", "=", "news").where("entity_id", "=", id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", actor_id: team.editor.id });

    // Scheduled: not public before its time.
    expect(await thrownStatus(publicNews(row.slug))).toBe(404);
    // Time passes (the stored moment moves into the past): now it is public, in both languages.
    await t.db
      .updateTable("news")
      .set({ published_at: sql`now() - interval '1 minute'` })
      .where("id", "=", id)
      .execute();
    const page = await publicNews(row.slug);
    expect(JSON.stringify(page)).toContain("Зустріч громади у Кракові");
    const english = await callAppRoute(newsItem.loader, { url: `/us/novyny/${row.slug}`, params: { slug: row.slug } });
    expect(JSON.stringify(english)).toContain("Community meeting in Kraków");
  });

  it("answers 400 with the typed values and localized messages next to the fields", async () => {
    const reply = replyOf(
      await createNews(team.editor, { title_uk: "", title_en: "Only English", ticket: "x", published_at: "not a time" }),
    );
    expect(reply.status).toBe(400);
    expect(reply.data.result.error.title_uk).toEqual(["admin:errors.required"]);
    expect(reply.data.result.error.published_at).toEqual(["admin:errors.datetime"]);
    expect(reply.data.result.initialValue.title_en).toBe("Only English");
  });

  it("keeps an uploaded cover as a hidden id when the rest of the form is refused", async () => {
    const reply = replyOf(await createNews(team.editor, { title_uk: "", cover_image_id_file: await pngFile() }));
    const imageId = Number(reply.data.result.initialValue.cover_image_id);
    expect(imageId).toBeGreaterThan(0);
    expect(reply.data.images[imageId]).toMatchObject({ id: imageId });
  });

  it("refuses a file that is not an image", async () => {
    const reply = replyOf(
      await createNews(team.editor, {
        title_uk: "Новина",
        cover_image_id_file: new File(["not an image"], "x.png", { type: "image/png" }),
      }),
    );
    expect(reply.data.result.error.cover_image_id_file).toEqual(["admin:errors.image_not_an_image"]);
  });
});

describe("rich text", () => {
  it("stores and shows a body with <script>, onerror= and a javascript: link clean", async () => {
    const id = idFrom(
      await createNews(team.editor, {
        title_uk: "Небезпечний текст",
        body_uk: `<p onclick="steal()">Привіт <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">тут</a> і <a href="https://ok.example">там</a></p>`,
        status: "published",
      }),
    );
    const row = await t.db.selectFrom("news").select(["slug", "body_uk"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.body_uk).toBe('<p>Привіт <a>тут</a> і <a href="https://ok.example">там</a></p>');
    const shown = JSON.stringify(await publicNews(row.slug));
    for (const bad of ["<script", "onerror", "onclick", "javascript:", "alert("]) expect(shown).not.toContain(bad);
  });
});

describe("optimistic locking", () => {
  it("refuses the second of two saves started from the same version, and keeps its input", async () => {
    const id = idFrom(await createNews(team.editor, { title_uk: "Початкова назва" }));
    const edit = (who: Staff, form: Record<string, string>) =>
      asStaff(who, contentEdit.action, {
        url: `/dashboard/news/edit/${id}`,
        params: { type: "news", id: String(id) },
        form: { intent: "save", status: "draft", ...form },
      });
    const loaded = await asStaff(team.editor, contentEdit.loader, {
      url: `/dashboard/news/edit/${id}`,
      params: { type: "news", id: String(id) },
    });
    const version = String(loaded.defaults.version);

    const first = await edit(team.editor, { version, title_uk: "Назва від першого" });
    expect((first as Response).status).toBe(302);
    const second = replyOf(await edit(team.admin, { version, title_uk: "Назва від другого", summary_uk: "Важливий текст другого" }));
    expect(second.status).toBe(409);
    expect(second.data.result.error[""]).toEqual(["admin:errors.conflict"]);
    expect(second.data.result.initialValue).toMatchObject({ title_uk: "Назва від другого", summary_uk: "Важливий текст другого" });
    expect(second.data.conflict.version).toBe(Number(version) + 1);
    const row = await t.db.selectFrom("news").select(["title_uk", "version"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title_uk: "Назва від першого", version: Number(version) + 1 });

    // Deliberately saving over the newer version works, and the history shows both edits.
    const forced = await edit(team.admin, { version, force_version: String(second.data.conflict.version), title_uk: "Назва від другого" });
    expect((forced as Response).status).toBe(302);
    const history = await asStaff(team.editor, contentEdit.loader, {
      url: `/dashboard/news/edit/${id}`,
      params: { type: "news", id: String(id) },
    });
    expect(history.history.map((entry: { action: string }) => entry.action)).toEqual(["update", "update", "create"]);
    expect(history.history[0].changes).toContainEqual({ field: "title_uk", before: "Назва від першого", after: "Назва від другого" });
  });

  it("bumps the version when something else changes the row, so an open form cannot overwrite it", async () => {
    const id = idFrom(await createNews(team.editor, { title_uk: "Зміна збоку" }));
    const before = await t.db.selectFrom("news").select("version").where("id", "=", id).executeTakeFirstOrThrow();
    await t.db.updateTable("news").set({ summary_uk: "змінено деінде" }).where("id", "=", id).execute();
    await t.db.updateTable("news").set({ view_count: 5 }).where("id", "=", id).execute();
    const after = await t.db.selectFrom("news").select("version").where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.version).toBe(before.version + 1);
  });
});

describe("trash", () => {
  it("restores a deleted item with its tags and images; only an admin purges", async () => {
    const id = idFrom(
      await createNews(team.editor, {
        title_uk: "Кошик і назад",
        new_tags: "кошик",
        cover_image_id_file: await pngFile(),
        status: "published",
      }),
    );
    const before = await t.db.selectFrom("news").select(["slug", "cover_image_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    const act = (who: Staff, intent: string, extra: Record<string, string> = {}) =>
      asStaff(who, contentEdit.action, {
        url: `/dashboard/news/edit/${id}`,
        params: { type: "news", id: String(id) },
        form: { intent, ...extra },
      });

    await act(team.editor, "trash");
    expect(await thrownStatus(publicNews(before.slug))).toBe(404);
    const trash = await asStaff(team.editor, contentList.loader, { url: "/dashboard/news?view=trash", params: { type: "news" } });
    expect(trash.rows.map((row: { id: number }) => row.id)).toContain(id);
    expect(await thrownStatus(act(team.editor, "purge", { confirm: "yes" }))).toBe(403);

    await act(team.editor, "restore");
    const restored = await t.db.selectFrom("news").select(["deleted_at", "cover_image_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(restored).toEqual({ deleted_at: null, cover_image_id: before.cover_image_id });
    const tags = await t.db.selectFrom("news_tags").select("tag_id").where("news_id", "=", id).execute();
    expect(tags).toHaveLength(1);
    expect(await t.db.selectFrom("images").select("id").where("id", "=", before.cover_image_id!).executeTakeFirst()).toBeDefined();
    expect(JSON.stringify(await publicNews(before.slug))).toContain("Кошик і назад");

    const actions = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_type", "=", "news")
      .where("entity_id", "=", id)
      .orderBy("id")
      .execute();
    expect(actions.map((row) => row.action)).toEqual(["create", "trash", "restore"]);

    await act(team.admin, "trash");
    await act(team.admin, "purge", { confirm: "yes" });
    expect(await t.db.selectFrom("news").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("images").select("id").where("id", "=", before.cover_image_id!).executeTakeFirst()).toBeUndefined();
  });
});
