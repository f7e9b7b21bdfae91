// Three refusals that must hold whatever a client sends: a link that works once is spent only by
// the browser's own document GET (never by React Router's `.data` fetch, nor a HEAD); a staff
// rename or create that loses a race to another one gets the field's "taken" message, not a
// 500; and a form post from another site to a route without a page gets the explained 403 page.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { createRequestHandler } from "react-router";
import { middleware as rootMiddleware } from "#app/root.tsx";
import * as exportDownload from "#app/routes/cabinet-export-download/route.ts";
import * as advertLink from "#app/routes/advert-link/route.tsx";
import * as loginLink from "#app/routes/login-link/route.tsx";
import * as notMe from "#app/routes/not-me/route.tsx";
import * as unsubscribe from "#app/routes/unsubscribe/route.tsx";
import * as consent from "#app/routes/consent/route.ts";
import * as tagsRoute from "#app/routes/dashboard-tags/route.tsx";
import * as locationsRoute from "#app/routes/dashboard-locations/route.tsx";
import * as categoriesRoute from "#app/routes/dashboard-categories/route.tsx";
import * as categoryEdit from "#app/routes/dashboard-category-edit/route.tsx";
import { queueExport } from "#app/modules/account-export/export.server.ts";
import { hashToken } from "#app/modules/auth/secrets.server.ts";
import { issueToken } from "#app/modules/auth/tokens.server.ts";
import { HEAD_REQUEST_HEADER } from "#app/platform/http/head-request.ts";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { contentSpecs } from "#app/modules/staff-content/types.ts";
import { unsubscribeToken } from "#app/modules/saved-searches/unsubscribe.server.ts";
import { makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { useTestDatabase } from "../support/db.ts";
import { buildContext } from "../support/route.ts";
import { asStaff, replyOf, staff, type Staff } from "./dashboard-support.ts";
import { testBuild } from "../support/loader-build.ts";

const t = useTestDatabase();
const ORIGIN = "https://portal.example";
const HOUR = 60 * 60 * 1000;

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: ORIGIN });
});

/**
 * React Router's request handler over the real root middleware and the given route modules, as
 * the server runs it: `.data` requests, resource routes and documents each take their own path.
 */
function appWith(routes: Record<string, { path: string; module: object }>) {
  const build = testBuild({
    document: (_request, status, headers) => new Response("<!doctype html>", { status, headers }),
    root: { middleware: rootMiddleware },
    routes,
    clientDir: "/nonexistent",
  });
  const handle = createRequestHandler(build, "production");
  return (path: string, init: RequestInit = {}) =>
    handle(new Request(`${ORIGIN}${path}`, init), buildContext([[clientAddressContext, "203.0.113.9"]]));
}

/** A HEAD as server/app-server.ts hands it to the app: a GET marked with the header. */
const HEAD_AS_SERVED = { headers: { [HEAD_REQUEST_HEADER]: "1" } };

describe("a link that works once", () => {
  const app = appWith({
    download: { path: "cabinet/export/:token", module: exportDownload },
    renew: { path: "advertisement/renew/:token", module: advertLink },
    link: { path: "login/link", module: loginLink },
    notme: { path: "not-me", module: notMe },
    unsubscribe: { path: "unsubscribe", module: unsubscribe },
  });

  async function mailedExport() {
    const user = await makeUser({ email: `export-${Math.random().toString(36).slice(2)}@example.test` });
    await queueExport(user.id, null, ORIGIN);
    await runQueuedJobs();
    const mail = readOutbox()
      .filter((entry) => entry.to.includes(user.email))
      .at(-1)!;
    const token = new URL(mail.link!).pathname.split("/").at(-1)!;
    return { token, cookie: await sessionCookieFor(user.id) };
  }
  const spent = async (token: string) =>
    (await t.db.selectFrom("data_exports").select("used_at").where("token_hash", "=", hashToken(token)).executeTakeFirstOrThrow())
      .used_at !== null;

  it("the mailed export: `.data` sends the browser to load it as a document and HEAD is refused, neither spends it; the document GET spends it once", async () => {
    const { token, cookie } = await mailedExport();
    const data = await app(`/cabinet/export/${token}.data?_routes=download`, { headers: { Cookie: cookie } });
    // React Router's redirect for its script, telling the browser to load the address itself.
    expect(data.headers.get("x-remix-reload-document")).toBe("true");
    const body = await data.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain(`"/cabinet/export/${token}"`);
    expect(body).not.toContain("data.json");
    expect(await spent(token)).toBe(false);
    for (const init of [
      { method: "GET", headers: { ...HEAD_AS_SERVED.headers, Cookie: cookie } },
      { method: "HEAD", headers: { Cookie: cookie } },
    ]) {
      const head = await app(`/cabinet/export/${token}`, init);
      expect(head.status).toBe(405);
      expect(await spent(token)).toBe(false);
    }
    const document = await app(`/cabinet/export/${token}`, { headers: { Cookie: cookie } });
    expect(document.status).toBe(200);
    expect(document.headers.get("content-type")).toBe("application/zip");
    expect((await document.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await spent(token)).toBe(true);
    expect((await app(`/cabinet/export/${token}`, { headers: { Cookie: cookie } })).status).toBe(404);
  });

  it("pages whose button spends a link: a GET, its `.data` and a HEAD leave the link as it was", async () => {
    const user = await makeUser({ email: "pages-once@example.test" });
    const category = await t.db
      .insertInto("categories")
      .values({ kind: "advertisement", slug: "once-things", name_uk: "Речі", name_en: "Things", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const advert = await t.db
      .insertInto("advertisements")
      .values({
        slug: "once-advert",
        owner_id: user.id,
        category_id: category.id,
        title: "Велосипед",
        description: "Опис оголошення достатньої довжини для перевірки.",
        price_kind: "free",
        contact_name: "Contact",
        email: user.email,
        status: "published",
        published_at: new Date(Date.now() - 30 * 24 * HOUR),
        expires_at: new Date(Date.now() + 2 * 24 * HOUR),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const renew = await issueToken(user.id, "advert_renew", new Date(), advert.id);
    const signIn = await issueToken(user.id, "sign_in_link");
    const notMeToken = await issueToken(user.id, "not_me");
    const search = await t.db
      .insertInto("saved_searches")
      .values({ user_id: user.id, name: "Bikes", locale: "ua", alert: "daily" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const unsubscribeAt = `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(search.id))}`;

    const pages: Array<[string, string, string]> = [
      [`/advertisement/renew/${renew}`, `/advertisement/renew/${renew}.data?_routes=renew`, "renew"],
      [`/login/link?token=${signIn}`, `/login/link.data?token=${signIn}&_routes=link`, "link"],
      [`/not-me?token=${notMeToken}`, `/not-me.data?token=${notMeToken}&_routes=notme`, "notme"],
      [unsubscribeAt, `/unsubscribe.data?token=${encodeURIComponent(unsubscribeToken(search.id))}&_routes=unsubscribe`, "unsubscribe"],
    ];
    for (const [page, data] of pages) {
      expect((await app(page)).status, page).toBe(200);
      expect((await app(data)).status, data).toBe(200);
      expect((await app(page, HEAD_AS_SERVED)).status, `HEAD ${page}`).toBe(200);
      expect((await app(page, { method: "HEAD" })).status, `HEAD ${page}`).toBe(200);
    }
    const unused = await t.db
      .selectFrom("auth_tokens")
      .select(["purpose", "used_at"])
      .where("user_id", "=", user.id)
      .orderBy("purpose")
      .execute();
    expect(unused).toEqual([
      { purpose: "advert_renew", used_at: null },
      { purpose: "not_me", used_at: null },
      { purpose: "sign_in_link", used_at: null },
    ]);
    expect((await t.db.selectFrom("saved_searches").select("alert").where("id", "=", search.id).executeTakeFirstOrThrow()).alert).toBe(
      "daily",
    );
  });
});

describe("a form post from another site to a route without a page", () => {
  const app = appWith({ consent: { path: "consent", module: consent } });

  it("POST /consent with a foreign Origin gets the explained 403 page, whatever it accepts, and sets no cookie", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const accept of [null, "*/*", "text/html,application/xhtml+xml"]) {
      const headers = new Headers({ Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" });
      if (accept) headers.set("Accept", accept);
      const response = await app("/consent", { method: "POST", headers, body: "intent=accept-all&returnTo=%2F" });
      expect(response.status, String(accept)).toBe(403);
      expect(response.headers.get("content-type"), String(accept)).toBe("text/html; charset=utf-8");
      expect(response.headers.get("set-cookie")).toBeNull();
      const html = await response.text();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(ORIGIN);
    }
    vi.restoreAllMocks();
  });

  it("a script's foreign post that is no form (a beacon's JSON) still gets the one sentence", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const response = await app("/consent", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    vi.restoreAllMocks();
  });
});

describe("staff renames and creates that collide", () => {
  let admin: Staff;
  beforeAll(async () => {
    admin = await staff("admin");
  });

  /**
   * Another admin's write landing between the form's "is this slug free?" check and its own
   * write, made certain: a trigger that, when a row is about to take the slug `contested`,
   * first writes a rival row with that slug.
   */
  async function rivalTakesContestedSlugs() {
    await sql`create or replace function test_rival_takes_slug() returns trigger language plpgsql as $$
      begin
        if NEW.slug = 'contested' and NEW.name_uk <> 'Суперник' then
          if TG_TABLE_NAME = 'categories' then
            insert into categories (kind, slug, name_uk, name_en) values (NEW.kind, 'contested', 'Суперник', 'Rival') on conflict do nothing;
          else
            execute format('insert into %I (slug, name_uk, name_en) values (%L, %L, %L) on conflict do nothing', TG_TABLE_NAME, 'contested', 'Суперник', 'Rival');
          end if;
        end if;
        return NEW;
      end $$`.execute(t.db);
    for (const table of ["tags", "locations", "categories"]) {
      await sql`create or replace trigger test_rival_takes_slug before insert or update on ${sql.table(table)} for each row execute function test_rival_takes_slug()`.execute(
        t.db,
      );
    }
    return async () => {
      for (const table of ["tags", "locations", "categories"])
        await sql`drop trigger test_rival_takes_slug on ${sql.table(table)}`.execute(t.db);
      for (const table of ["tags", "locations", "categories"])
        await sql`delete from ${sql.table(table)} where slug = 'contested'`.execute(t.db);
    };
  }

  const slugError = (result: unknown) => {
    const reply = replyOf(result);
    return { status: reply.status, slug: reply.data.result.error.slug };
  };
  const TAKEN = { status: 400, slug: ["admin:errors.slug_taken"] };

  it("a rename or create whose slug another admin took after the check gets the slug's field error, not a 500", async () => {
    const [tag] = await t.db.insertInto("tags").values({ slug: "old-tag", name_uk: "Старий", name_en: "Old" }).returning("id").execute();
    const [location] = await t.db
      .insertInto("locations")
      .values({ slug: "old-place", name_uk: "Місце", name_en: "Place" })
      .returning("id")
      .execute();
    const [category] = await t.db
      .insertInto("categories")
      .values({ kind: "service", slug: "old-cat", name_uk: "Категорія", name_en: "Category" })
      .returning("id")
      .execute();
    const contested = { name_uk: "Назва", name_en: "Name", slug: "contested" };
    const undo = await rivalTakesContestedSlugs();
    try {
      const attempts: Array<[string, () => Promise<unknown>]> = [
        [
          "tag rename",
          () => asStaff(admin, tagsRoute.action, { url: "/dashboard/tags", form: { intent: "rename", id: String(tag!.id), ...contested } }),
        ],
        ["tag create", () => asStaff(admin, tagsRoute.action, { url: "/dashboard/tags", form: { intent: "create", ...contested } })],
        [
          "location rename",
          () =>
            asStaff(admin, locationsRoute.action, {
              url: "/dashboard/locations",
              form: { intent: "rename", id: String(location!.id), ...contested },
            }),
        ],
        [
          "location create",
          () => asStaff(admin, locationsRoute.action, { url: "/dashboard/locations", form: { intent: "create", ...contested } }),
        ],
        [
          "category create",
          () =>
            asStaff(admin, categoriesRoute.action, {
              url: "/dashboard/services/categories",
              params: { type: "services" },
              form: { intent: "create", ...contested },
            }),
        ],
        [
          "category rename",
          () =>
            asStaff(admin, categoryEdit.action, {
              url: `/dashboard/services/categories/edit-page/${category!.id}`,
              params: { type: "services", id: String(category!.id) },
              form: { intent: "rename", ...contested },
            }),
        ],
      ];
      for (const [name, attempt] of attempts) {
        await t.db.deleteFrom("tags").where("slug", "=", "contested").execute();
        await t.db.deleteFrom("locations").where("slug", "=", "contested").execute();
        await t.db.deleteFrom("categories").where("slug", "=", "contested").execute();
        expect(slugError(await attempt()), name).toEqual(TAKEN);
      }
    } finally {
      await undo();
    }
    // Nothing of the losing writes stayed.
    expect(await t.db.selectFrom("tags").select("slug").where("id", "=", tag!.id).executeTakeFirstOrThrow()).toEqual({ slug: "old-tag" });
    expect(await t.db.selectFrom("locations").select("slug").where("id", "=", location!.id).executeTakeFirstOrThrow()).toEqual({
      slug: "old-place",
    });
    expect(await t.db.selectFrom("categories").select("slug").where("id", "=", category!.id).executeTakeFirstOrThrow()).toEqual({
      slug: "old-cat",
    });
  });

  it("every unique key a staff write answers as the slug's field error exists under that name", async () => {
    const expected = [
      ...new Set([
        ...contentSpecs().map((spec) => `${spec.table}_slug_key`),
        "tags_slug_key",
        "locations_slug_key",
        "categories_kind_slug_key",
      ]),
    ].sort();
    const { rows } = await sql<{
      conname: string;
    }>`select conname from pg_constraint where contype = 'u' and conname = any(${expected})`.execute(t.db);
    expect(rows.map((row) => row.conname).sort()).toEqual(expected);
  });

  it("two admins renaming two tags to one new slug at once: one is saved, the other gets the field error", async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = await t.db
        .insertInto("tags")
        .values([
          { slug: `race-a-${round}`, name_uk: "Перший", name_en: "First" },
          { slug: `race-b-${round}`, name_uk: "Другий", name_en: "Second" },
        ])
        .returning("id")
        .execute();
      const rename = (id: number) =>
        asStaff(admin, tagsRoute.action, {
          url: "/dashboard/tags",
          form: { intent: "rename", id: String(id), name_uk: "Спільний", name_en: "Shared", slug: `shared-${round}` },
        });
      const outcomes = await Promise.all([rename(first!.id), rename(second!.id)]);
      const saved = outcomes.filter((outcome) => outcome instanceof Response && outcome.status === 302);
      const refused = outcomes.filter((outcome) => !(outcome instanceof Response)).map(slugError);
      expect({ saved: saved.length, refused }, `round ${round}`).toEqual({ saved: 1, refused: [TAKEN] });
      expect(await t.db.selectFrom("tags").select("id").where("slug", "=", `shared-${round}`).execute()).toHaveLength(1);
    }
  });
});
