import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#app/modules/auth/password.server.ts";
import { imageFilePath } from "#app/platform/images/process.server.ts";
import { seedDemoContent } from "../../scripts/seed/index.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase({ register: false });
const demoPassword = "demo-password-1";
let uploadsDir: string;
let firstRun: { created: boolean };
const lines: string[] = [];

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "portal-seed-"));
  firstRun = await seedDemoContent(t.db, { uploadsDir, demoPassword, log: (line) => lines.push(line) });
});
afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

async function countRows(
  table: "news" | "posters" | "advertisements" | "services" | "diaspors" | "reklama" | "pages" | "images" | "users" | "categories",
) {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("seedDemoContent", () => {
  it("creates the demo accounts, verified, with the given password", async () => {
    expect(firstRun).toEqual({ created: true });
    expect(lines.some((line) => /demo content created in \d+ ms/.test(line))).toBe(true);
    const users = await t.db.selectFrom("users").selectAll().where("email", "like", "%@demo.local").execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get("admin@demo.local")?.role).toBe("admin");
    expect(byEmail.get("editor@demo.local")?.role).toBe("editor");
    expect(byEmail.get("user@demo.local")?.role).toBe("user");
    expect(users.every((u) => u.email_verified_at instanceof Date)).toBe(true);
    expect(await verifyPassword(byEmail.get("user@demo.local")!.password_hash, demoPassword)).toBe(true);
    expect(await verifyPassword(byEmail.get("admin@demo.local")!.password_hash, "wrong")).toBe(false);
  });

  it("creates news: ≥30 published, drafts, one scheduled, some without English", async () => {
    const news = await t.db
      .selectFrom("news")
      .select(["slug", "status", "published_at", "title_en", "body_uk", "cover_image_id"])
      .execute();
    const now = Date.now();
    const visible = news.filter((n) => n.status === "published" && n.published_at && n.published_at.getTime() <= now);
    expect(visible.length).toBeGreaterThanOrEqual(30);
    expect(news.filter((n) => n.status === "draft").length).toBeGreaterThanOrEqual(2);
    expect(news.filter((n) => n.status === "published" && n.published_at!.getTime() > now)).toHaveLength(1);
    expect(visible.some((n) => n.title_en === null)).toBe(true);
    expect(visible.some((n) => n.cover_image_id !== null)).toBe(true);
    expect(news.every((n) => SLUG.test(n.slug))).toBe(true);
    expect(news.find((n) => n.slug === "u-varshavi-vidkryly-novyi-ukrainskyi-kulturnyi-tsentr")?.body_uk).toMatch(/^<p>/);
    const tagged = await t.db
      .selectFrom("news_tags")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(tagged.n)).toBeGreaterThan(30);
  });

  it("creates posters in the past and upcoming", async () => {
    const posters = await t.db.selectFrom("posters").select(["starts_at", "ends_at", "location_id"]).execute();
    expect(posters.length).toBeGreaterThanOrEqual(20);
    const now = Date.now();
    expect(posters.filter((p) => p.starts_at.getTime() > now).length).toBeGreaterThanOrEqual(10);
    expect(posters.filter((p) => (p.ends_at ?? p.starts_at).getTime() < now).length).toBeGreaterThanOrEqual(5);
    expect(posters.every((p) => p.location_id !== null)).toBe(true);
  });

  it("creates ≥40 varied adverts with private photo copies", async () => {
    const adverts = await t.db.selectFrom("advertisements").selectAll().execute();
    expect(adverts.length).toBeGreaterThanOrEqual(40);
    const now = Date.now();
    const live = adverts.filter((a) => a.status === "published" && a.expires_at!.getTime() > now);
    expect(live.length).toBeGreaterThanOrEqual(30);
    for (const status of ["expired", "sold", "pending"] as const) {
      expect(adverts.some((a) => a.status === status)).toBe(true);
    }
    expect(new Set(adverts.map((a) => a.owner_id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(adverts.map((a) => a.category_id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(adverts.map((a) => a.location_id)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(adverts.map((a) => a.price_kind))).toEqual(new Set(["amount", "free", "negotiable"]));
    expect(new Set(adverts.map((a) => a.price_currency).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
    expect(adverts.find((a) => a.price_kind === "amount")?.price_amount).toMatch(/^\d+\.\d{2}$/);
    expect(adverts.every((a) => SLUG.test(a.slug))).toBe(true);

    const demoUser = await t.db.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow();
    expect(adverts.filter((a) => a.owner_id === demoUser.id).length).toBeGreaterThanOrEqual(5);

    const photos = await t.db
      .selectFrom("advertisement_images")
      .innerJoin("advertisements", "advertisements.id", "advertisement_images.advertisement_id")
      .innerJoin("images", "images.id", "advertisement_images.image_id")
      .select(["images.owner_id", "advertisements.owner_id as advert_owner", "images.key", "images.variants"])
      .execute();
    expect(photos.length).toBeGreaterThan(10);
    expect(photos.every((p) => p.owner_id === p.advert_owner)).toBe(true);
    expect(new Set(photos.map((p) => p.key)).size).toBe(photos.length);
  });

  it("creates services, diaspora organisations, reklama and pages", async () => {
    expect(await countRows("services")).toBeGreaterThanOrEqual(15);
    expect(await countRows("diaspors")).toBeGreaterThanOrEqual(10);
    const reklama = await t.db.selectFrom("reklama").select(["placement", "starts_at", "ends_at", "status"]).execute();
    expect(reklama).toHaveLength(3);
    expect(reklama.map((r) => r.placement)).toContain("home_top");
    const now = Date.now();
    expect(
      reklama.every((r) => r.status === "published" && r.starts_at.getTime() <= now && (r.ends_at === null || r.ends_at.getTime() > now)),
    ).toBe(true);

    const pages = await t.db.selectFrom("pages").select(["slug", "title_uk", "show_in_footer"]).execute();
    const slugs = pages.map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(["privacy-policy", "about", "rules", "nashi-kontakty"]));
    expect(pages.find((p) => p.slug === "about")?.title_uk).toBe("Про нас");
    expect(pages.some((p) => p.show_in_footer)).toBe(true);

    const service = await t.db
      .selectFrom("services")
      .select("social_links")
      .where("social_links", "!=", sql<any>`'{}'::jsonb`)
      .executeTakeFirstOrThrow();
    expect(typeof Object.values(service.social_links)[0]).toBe("string");
  });

  it("fills categories of every kind, tags, locations and the settings row", async () => {
    const kinds = await t.db.selectFrom("categories").select("kind").distinct().execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(["advertisement", "news", "poster", "service"]);
    const locations = await t.db.selectFrom("locations").select("slug").execute();
    expect(locations.length).toBeGreaterThanOrEqual(8);
    const settings = await t.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ id: 1, site_name_uk: "Українська діаспора", advert_lifetime_days: 30, advert_max_images: 10 });
    expect(settings.contact_email).toContain("@");
  });

  it("stores every image's variant files", async () => {
    const images = await t.db.selectFrom("images").select(["key", "variants"]).execute();
    expect(images.length).toBeGreaterThanOrEqual(10);
    for (const image of images) {
      for (const width of image.variants) expect(existsSync(imageFilePath(uploadsDir, image.key, width))).toBe(true);
    }
  });

  it("is searchable through search_vector and the trigram index", async () => {
    const found = await t.db
      .selectFrom("news")
      .select("title_uk")
      .where(sql<boolean>`search_vector @@ plainto_tsquery('simple', ${"вареники"})`)
      .execute();
    expect(found.map((n) => n.title_uk)).toContain("Кулінарний фестиваль у Кракові: борщ, вареники і нові знайомства");
    const fuzzy = await t.db
      .selectFrom("advertisements")
      .select("title")
      .where(sql<boolean>`word_similarity(${"ноутбкк"}, title) > 0.4`)
      .execute();
    expect(fuzzy.map((a) => a.title)).toContain("Ноутбук Lenovo ThinkPad T14, 16 ГБ ОЗП");
  });

  it("adds nothing when run again", async () => {
    const before = await Promise.all(
      ["news", "posters", "advertisements", "images", "users", "categories"].map((table) => countRows(table as "news")),
    );
    const again = await seedDemoContent(t.db, { uploadsDir, demoPassword });
    expect(again).toEqual({ created: false });
    const after = await Promise.all(
      ["news", "posters", "advertisements", "images", "users", "categories"].map((table) => countRows(table as "news")),
    );
    expect(after).toEqual(before);
  });
});
