import { beforeAll, describe, expect, it } from "vitest";
import * as contentList from "#app/routes/dashboard-content-list/route.tsx";
import { parseListQuery } from "#app/modules/staff-content/list-query.ts";
import { listItems } from "#app/modules/staff-content/list.server.ts";
import { contentSpec } from "#app/modules/staff-content/types.ts";
import { useAccountConfig } from "../support/auth.ts";
import { thrownStatus } from "../support/app-route.ts";
import { useTestDatabase } from "../support/db.ts";
import { asStaff, staff, type Staff } from "./dashboard-support.ts";

const t = useTestDatabase();
let editor: Staff;
let admin: Staff;
let culture: number;
let sport: number;

const HOUR = 3_600_000;

beforeAll(async () => {
  useAccountConfig();
  editor = await staff("editor");
  admin = await staff("admin");
  const [a, b] = await t.db
    .insertInto("categories")
    .values([
      { kind: "news", slug: "kultura", name_uk: "Культура" },
      { kind: "news", slug: "sport", name_uk: "Спорт" },
    ])
    .returning("id")
    .execute();
  culture = a!.id;
  sport = b!.id;
  const past = new Date(Date.now() - HOUR);
  const rows = [
    ...Array.from({ length: 25 }, (_, i) => ({
      slug: `kultura-${i}`,
      title_uk: `Культура ${i}`,
      category_id: culture,
      status: "published" as const,
      published_at: past,
      author_id: editor.id,
    })),
    {
      slug: "kultura-chernetka",
      title_uk: "Культура чернетка",
      category_id: culture,
      status: "draft" as const,
      published_at: null,
      author_id: editor.id,
    },
    {
      slug: "kultura-zaplanovana",
      title_uk: "Культура запланована",
      category_id: culture,
      status: "published" as const,
      published_at: new Date(Date.now() + 24 * HOUR),
      author_id: admin.id,
    },
    { slug: "sport-1", title_uk: "Спорт 1", category_id: sport, status: "published" as const, published_at: past, author_id: admin.id },
    { slug: "sport-2", title_uk: "Спорт 2", category_id: sport, status: "published" as const, published_at: past, author_id: editor.id },
    {
      slug: "bez-katehorii",
      title_uk: "Без категорії",
      category_id: null,
      status: "published" as const,
      published_at: past,
      author_id: editor.id,
    },
  ];
  await t.db.insertInto("news").values(rows).execute();
});

async function statuses() {
  const rows = await t.db.selectFrom("news").select(["slug", "status", "deleted_at"]).orderBy("slug").execute();
  return Object.fromEntries(rows.map((row) => [row.slug, row.deleted_at ? "trashed" : row.status]));
}

function bulk(who: Staff, form: Record<string, string | string[]>) {
  return asStaff(who, contentList.action, { url: "/dashboard/news", params: { type: "news" }, form });
}

describe("the list", () => {
  it("filters, sorts and pages by the URL", async () => {
    const spec = contentSpec("news");
    const page1 = await listItems(spec, parseListQuery(new URLSearchParams(`category=${culture}&status=published&sort=title&dir=asc`)));
    expect(page1.total).toBe(25);
    expect(page1.pages).toBe(2);
    expect(page1.rows[0]!.title).toBe("Культура 0");
    const scheduled = await listItems(spec, parseListQuery(new URLSearchParams("status=scheduled")));
    expect(scheduled.rows.map((row) => row.slug)).toEqual(["kultura-zaplanovana"]);
    const byAuthor = await listItems(spec, parseListQuery(new URLSearchParams(`author=${admin.id}`)));
    expect(byAuthor.rows.map((row) => row.slug).sort()).toEqual(["kultura-zaplanovana", "sport-1"]);
    const search = await listItems(spec, parseListQuery(new URLSearchParams("q=спорт")));
    expect(search.total).toBe(2);
    const data = await asStaff(editor, contentList.loader, { url: `/dashboard/news?category=${culture}&page=2`, params: { type: "news" } });
    expect(data.rows).toHaveLength(7);
    expect(data.query.page).toBe(2);
  });
});

describe("bulk actions", () => {
  it("unpublishing under a filter touches exactly the filtered rows", async () => {
    const before = await statuses();
    const response = await bulk(editor, {
      action: "unpublish",
      scope: "all",
      view: "active",
      category: String(culture),
      status: "published",
    });
    expect((response as Response).headers.get("Location")).toBe(`/dashboard/news?status=published&category=${culture}`);
    const after = await statuses();
    for (const [slug, status] of Object.entries(before)) {
      const inFilter = /^kultura-\d+$/.test(slug);
      expect(after[slug], slug).toBe(inFilter ? "draft" : status);
    }
    // Outside the filter: sport, no category, the draft and the scheduled item of the same category.
    expect(after).toMatchObject({
      "sport-1": "published",
      "sport-2": "published",
      "bez-katehorii": "published",
      "kultura-chernetka": "draft",
      "kultura-zaplanovana": "published",
    });
    const audited = await t.db.selectFrom("audit_log").select("entity_id").where("action", "=", "unpublish").execute();
    expect(audited).toHaveLength(25);
  });

  it("ticked rows outside the filter are left alone", async () => {
    const ids = await t.db.selectFrom("news").select(["id", "slug"]).where("slug", "in", ["sport-1", "sport-2", "bez-katehorii"]).execute();
    const id = (slug: string) => String(ids.find((row) => row.slug === slug)!.id);
    await bulk(editor, {
      action: "trash",
      scope: "selected",
      view: "active",
      category: String(sport),
      ids: [id("sport-1"), id("bez-katehorii")],
    });
    const after = await statuses();
    expect(after).toMatchObject({ "sport-1": "trashed", "sport-2": "published", "bez-katehorii": "published" });
  });

  it("asks for a choice when nothing is ticked", async () => {
    const before = await statuses();
    const response = (await bulk(editor, { action: "trash", scope: "selected", view: "active" })) as Response;
    expect(response.status).toBe(302);
    expect(await statuses()).toEqual(before);
  });

  it("restores from the trash; only an admin purges, and only trashed rows", async () => {
    expect(await thrownStatus(bulk(editor, { action: "purge", scope: "all", view: "trash" }))).toBe(403);
    expect(await thrownStatus(bulk(admin, { action: "purge", scope: "all", view: "active" }))).toBe(400);
    await bulk(editor, { action: "restore", scope: "all", view: "trash" });
    expect((await statuses())["sport-1"]).toBe("published");
    await bulk(editor, { action: "trash", scope: "all", view: "active", q: "Спорт 1" });
    await bulk(admin, { action: "purge", scope: "all", view: "trash" });
    const after = await statuses();
    expect(after["sport-1"]).toBeUndefined();
    expect(Object.keys(after)).toHaveLength(29);
  });
});
