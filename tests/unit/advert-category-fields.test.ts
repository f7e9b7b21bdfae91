// A category's fields are its ancestors' then its own, in staff's order; hidden ones only on request.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryFields } from "#app/modules/adverts/category-fields.server.ts";
import { seedDemoContent } from "../../scripts/seed/index.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase();
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "portal-fields-"));
  await seedDemoContent(t.db, { uploadsDir, demoPassword: "demo-password-1" });
});
afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
});

async function categoryId(slug: string): Promise<number> {
  const row = await t.db
    .selectFrom("categories")
    .select("id")
    .where("kind", "=", "advertisement")
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("categoryFields", () => {
  it("gives a subcategory its parent's fields, in order", async () => {
    const rooms = await categoryFields(await categoryId("kimnaty"));
    expect(rooms.map((field) => field.key)).toEqual(["rent", "rooms", "area", "available_from", "pets", "registration"]);
  });

  it("puts the ancestors' fields before the category's own", async () => {
    const housing = await categoryId("zhytlo");
    const rooms = await categoryId("kimnaty");
    await t.db
      .insertInto("advert_fields")
      .values({ category_id: rooms, key: "shared_kitchen", kind: "boolean", label_uk: "Спільна кухня", position: -5 })
      .execute();
    const keys = (await categoryFields(rooms)).map((field) => field.key);
    expect(keys.at(-1)).toBe("shared_kitchen");
    expect((await categoryFields(housing)).map((field) => field.key)).not.toContain("shared_kitchen");
  });

  it("hides a removed field unless asked, keeping its values", async () => {
    const jobs = await categoryId("robota");
    await t.db
      .updateTable("advert_fields")
      .set({ removed_at: new Date() })
      .where("category_id", "=", jobs)
      .where("key", "=", "remote")
      .execute();
    expect((await categoryFields(jobs)).map((field) => field.key)).not.toContain("remote");
    const all = await categoryFields(jobs, { withRemoved: true });
    expect(all.find((field) => field.key === "remote")?.removed_at).toBeInstanceOf(Date);
    const employment = all.find((field) => field.key === "employment");
    expect(employment?.options.map((option) => option.value)).toEqual(["full_time", "part_time", "contract", "temporary"]);
  });

  it("has no fields for a category of another kind or an unknown id", async () => {
    const news = await t.db.selectFrom("categories").select("id").where("kind", "=", "news").executeTakeFirstOrThrow();
    expect(await categoryFields(news.id)).toEqual([]);
    expect(await categoryFields(2_000_000_000)).toEqual([]);
  });
});
