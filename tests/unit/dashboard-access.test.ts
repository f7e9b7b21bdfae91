import { beforeAll, describe, expect, it } from "vitest";
import * as categories from "#app/routes/dashboard-categories/route.tsx";
import * as contentEdit from "#app/routes/dashboard-content-edit/route.tsx";
import * as contentList from "#app/routes/dashboard-content-list/route.tsx";
import * as contentNew from "#app/routes/dashboard-content-new/route.tsx";
import * as locations from "#app/routes/dashboard-locations/route.tsx";
import * as moderation from "#app/routes/dashboard-moderation/route.tsx";
import * as reports from "#app/routes/dashboard-reports/route.tsx";
import * as settings from "#app/routes/dashboard-settings/route.tsx";
import * as tags from "#app/routes/dashboard-tags/route.tsx";
import * as users from "#app/routes/dashboard-users/route.tsx";
import { thrownStatus } from "../support/app-route.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { catchResponse } from "../support/route.ts";
import { asStaff, staff, type Staff, useStaffAccounts } from "./dashboard-support.ts";
import { callWithSession } from "../support/auth.ts";

const t = useTestDatabase();
const team = useStaffAccounts();
let visitor: Staff;
let reklamaId: number;

beforeAll(async () => {
  visitor = await staff("user");
  reklamaId = await insertRow(t.db, "reklama", { slug: "banner", title_uk: "Банер", placement: "sidebar" });
});

type Call = {
  name: string;
  fn: ((args: any) => unknown) | undefined;
  url: string;
  params?: Record<string, string>;
  form?: Record<string, string>;
};

// Admin-only areas: settings, locations, reklama and its new/edit pages; users and roles.
const ADMIN_ONLY: Call[] = [
  { name: "settings page", fn: settings.loader, url: "/dashboard/settings" },
  {
    name: "settings POST",
    fn: settings.action,
    url: "/dashboard/settings",
    form: { site_name_uk: "Злом", advert_lifetime_days: "1", advert_max_images: "1", adverts_per_user_per_day: "1" },
  },
  { name: "users page", fn: users.loader, url: "/dashboard/settings/users" },
  { name: "users POST", fn: users.action, url: "/dashboard/settings/users", form: { intent: "role", user_id: "1", role: "admin" } },
  { name: "locations page", fn: locations.loader, url: "/dashboard/locations" },
  { name: "locations POST", fn: locations.action, url: "/dashboard/locations", form: { intent: "create", name_uk: "Париж" } },
  { name: "reklama list", fn: contentList.loader, url: "/dashboard/reklama", params: { type: "reklama" } },
  {
    name: "reklama bulk POST",
    fn: contentList.action,
    url: "/dashboard/reklama",
    params: { type: "reklama" },
    form: { action: "trash", scope: "all", view: "active" },
  },
  { name: "reklama new page", fn: contentNew.loader, url: "/dashboard/reklama/new-page", params: { type: "reklama" } },
  {
    name: "reklama new POST",
    fn: contentNew.action,
    url: "/dashboard/reklama/new-page",
    params: { type: "reklama" },
    form: { intent: "save", title_uk: "Реклама", placement: "sidebar", status: "published" },
  },
];

describe("roles", () => {
  it.each(ADMIN_ONLY)("an editor gets 403 on the $name", async (call) => {
    const edit = call.fn;
    expect(await thrownStatus(asStaff(team.editor, edit, { url: call.url, params: call.params ?? {}, form: call.form }))).toBe(403);
  });

  it("an editor gets 403 on a reklama edit page and its POST, and nothing changed", async () => {
    const params = { type: "reklama", id: String(reklamaId) };
    const url = `/dashboard/reklama/edit/${reklamaId}`;
    expect(await thrownStatus(asStaff(team.editor, contentEdit.loader, { url, params }))).toBe(403);
    expect(await thrownStatus(asStaff(team.editor, contentEdit.action, { url, params, form: { intent: "trash" } }))).toBe(403);
    expect(await t.db.selectFrom("reklama").select("deleted_at").where("id", "=", reklamaId).executeTakeFirstOrThrow()).toEqual({
      deleted_at: null,
    });
    expect(await t.db.selectFrom("locations").select("id").where("name_uk", "=", "Париж").executeTakeFirst()).toBeUndefined();
    expect((await t.db.selectFrom("settings").select("site_name_uk").executeTakeFirstOrThrow()).site_name_uk).not.toBe("Злом");
  });

  it("loaders and actions check the permission themselves, without the layout's guard", async () => {
    expect(await thrownStatus(callWithSession(settings.loader, { url: "/dashboard/settings", cookie: team.editor.cookie }))).toBe(403);
    const form = { intent: "save", title_uk: "Реклама", placement: "sidebar", status: "draft" };
    expect(
      await thrownStatus(
        callWithSession(contentNew.action, {
          url: "/dashboard/reklama/new-page",
          params: { type: "reklama" },
          cookie: team.editor.cookie,
          form,
        }),
      ),
    ).toBe(403);
  });

  it("an admin opens the admin-only pages", async () => {
    for (const call of ADMIN_ONLY.filter((entry) => !entry.form)) {
      const data = await asStaff(team.admin, call.fn, { url: call.url, params: call.params ?? {} });
      expect(data, call.name).toHaveProperty("seo");
    }
  });

  it("an editor opens the staff pages", async () => {
    const pages: Call[] = [
      { name: "news", fn: contentList.loader, url: "/dashboard/news", params: { type: "news" } },
      { name: "pages", fn: contentList.loader, url: "/dashboard/pages", params: { type: "pages" } },
      { name: "posters", fn: contentList.loader, url: "/dashboard/posters", params: { type: "posters" } },
      { name: "diaspors", fn: contentList.loader, url: "/dashboard/diaspors", params: { type: "diaspors" } },
      { name: "services", fn: contentList.loader, url: "/dashboard/services", params: { type: "services" } },
      { name: "advertisements", fn: contentList.loader, url: "/dashboard/advertisements", params: { type: "advertisements" } },
      { name: "new service", fn: contentNew.loader, url: "/dashboard/services/new-page", params: { type: "services" } },
      { name: "news categories", fn: categories.loader, url: "/dashboard/news/categories", params: { type: "news" } },
      { name: "poster categories", fn: categories.loader, url: "/dashboard/posters/categories", params: { type: "posters" } },
      { name: "tags", fn: tags.loader, url: "/dashboard/tags" },
      { name: "reports", fn: reports.loader, url: "/dashboard/reports" },
      { name: "moderation", fn: moderation.loader, url: "/dashboard/advertisements/moderation" },
    ];
    for (const page of pages) {
      const data = await asStaff(team.editor, page.fn, { url: page.url, params: page.params ?? {} });
      expect(data, page.name).toHaveProperty("seo");
    }
  });

  it("visitors get 403 and anonymous people are sent to the login page", async () => {
    expect(await thrownStatus(asStaff(visitor, contentList.loader, { url: "/dashboard/news", params: { type: "news" } }))).toBe(403);
    const response = await catchResponse(callWithSession(contentList.loader, { url: "/us/dashboard/news", params: { type: "news" } }));
    expect(response.headers.get("Location")).toBe("/us/login?redirect=%2Fus%2Fdashboard%2Fnews");
  });

  it("unknown types and pages' /edit/ path are 404", async () => {
    expect(await thrownStatus(asStaff(team.admin, contentList.loader, { url: "/dashboard/widgets", params: { type: "widgets" } }))).toBe(
      404,
    );
    expect(
      await thrownStatus(asStaff(team.admin, categories.loader, { url: "/dashboard/pages/categories", params: { type: "pages" } })),
    ).toBe(404);
    const page = await t.db.insertInto("pages").values({ slug: "pro-nas", title_uk: "Про нас" }).returning("id").executeTakeFirstOrThrow();
    expect(
      await thrownStatus(
        asStaff(team.admin, contentEdit.loader, {
          url: `/dashboard/pages/edit/${page.id}`,
          params: { type: "pages", id: String(page.id) },
        }),
      ),
    ).toBe(404);
    const data = await asStaff(team.admin, contentEdit.loader, {
      url: `/dashboard/pages/edit-page/${page.id}`,
      params: { id: String(page.id) },
    });
    expect(data.item.title).toBe("Про нас");
  });
});
