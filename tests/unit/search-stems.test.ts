import { stemmer as ukrainianStemmer } from "@orama/stemmers/ukrainian";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as search from "#app/routes/search/route.tsx";
import { resetWordFrequencies } from "#app/modules/search/frequency.server.ts";
import { toTsQuery } from "#app/modules/search/query.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { callAppRoute } from "../support/app-route.ts";
import { ago, useUnitConfig } from "./content-support.ts";

// Word forms: the database stems Ukrainian like @orama/stemmers and English with
// PostgreSQL's Snowball dictionary; a singular and a plural find the same adverts.

const t = useTestDatabase();

beforeAll(async () => {
  useUnitConfig();
  const ownerId = await insertRow(t.db, "users", { email: "stems@example.com", password_hash: "x" });
  const categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "zhytlo", name_uk: "Житло", name_en: "Housing" });
  const advert = (slug: string, title: string, description: string) => ({
    slug,
    owner_id: ownerId,
    category_id: categoryId,
    title,
    description,
    status: "published" as const,
    published_at: ago(60_000),
    expires_at: null,
  });
  await t.db
    .insertInto("advertisements")
    .values([
      advert("kvartyra-1", "Здам квартиру біля метро", "Світла квартира, два поверхи вище парку."),
      advert("kvartyry-2", "Дві квартири в оренду", "Квартири у новому будинку, з меблями."),
      advert("kvartyr-3", "Оренда квартир для студентів", "Кілька варіантів у центрі міста."),
      advert("apartment-4", "Apartment for rent near the station", "A bright flat with a balcony and a view."),
      advert("apartments-5", "Two apartments available", "Furnished apartments in a new building."),
      advert("velosyped-6", "Продам велосипед", "Майже новий велосипед, забирати у Варшаві."),
    ])
    .execute();
  const imageId = await insertRow(t.db, "images", {
    key: "2026/11/flat",
    width: 1024,
    height: 768,
    variants: [320, 640, 1024],
    alt_uk: "Кімната",
    alt_en: "A room",
  });
  const flat = await t.db.selectFrom("advertisements").select("id").where("slug", "=", "kvartyra-1").executeTakeFirstOrThrow();
  await t.db.insertInto("advertisement_images").values({ advertisement_id: flat.id, image_id: imageId, position: 0 }).execute();
  resetWordFrequencies();
});

async function slugs(q: string, prefix = ""): Promise<string[]> {
  const data = await callAppRoute(search.loader, {
    url: `${prefix}/search/advertisement?q=${encodeURIComponent(q)}`,
    params: { category: "advertisement" },
  });
  return (data.results?.hits ?? []).map((hit) => hit.path.split("/").pop()!).sort();
}

describe("word forms", () => {
  it("stems Ukrainian in the database exactly as @orama/stemmers does", async () => {
    const words = [
      "квартира",
      "квартири",
      "квартир",
      "квартирою",
      "будинку",
      "будинки",
      "вишиванки",
      "українських",
      "громада",
      "громади",
      "новини",
      "оголошення",
      "допомагали",
      "читаючи",
      "зробивши",
      "молодість",
      "найкращий",
      "весною",
    ];
    const { rows } = await sql<{ word: string; stem: string }>`
      select w.word, portal_uk_stem(w.word) as stem from unnest(${words}::text[]) as w(word)`.execute(t.db);
    for (const row of rows) expect(row.stem, row.word).toBe(ukrainianStemmer(row.word));
    expect(new Set(rows.filter((row) => row.word.startsWith("квартир")).map((row) => row.stem))).toEqual(new Set(["квартир"]));
  });

  it("stems English with the Snowball dictionary and leaves other words alone", async () => {
    const { rows } = await sql<{ stem: string }>`
      select portal_stem(w) as stem from unnest(${["apartments", "apartment", "running", "2026", "kraków"]}::text[]) as w`.execute(t.db);
    expect(rows.map((row) => row.stem)).toEqual(["apart", "apart", "run", "2026", "kraków"]);
  });

  it("finds the same adverts for a Ukrainian noun in the singular and the plurals", async () => {
    const expected = ["kvartyr-3", "kvartyra-1", "kvartyry-2"];
    expect(await slugs("квартира")).toEqual(expected);
    expect(await slugs("квартири")).toEqual(expected);
    expect(await slugs("квартир")).toEqual(expected);
  });

  it("finds the same adverts for an English noun in the singular and the plural, on /us too", async () => {
    expect(await slugs("apartment")).toEqual(["apartment-4", "apartments-5"]);
    expect(await slugs("apartments")).toEqual(["apartment-4", "apartments-5"]);
    expect(await slugs("apartments", "/us")).toEqual(["apartment-4", "apartments-5"]);
  });

  it("still needs every word and keeps prefixes and typo tolerance", async () => {
    expect(await slugs("квартири метро")).toEqual(["kvartyra-1"]);
    expect(await slugs("велос")).toEqual(["velosyped-6"]);
    expect(await slugs("велосипеди")).toEqual(["velosyped-6"]);
    expect(await slugs("кварира")).toEqual(["kvartyr-3", "kvartyra-1", "kvartyry-2"]);
  });

  it("highlights the other forms of the word", async () => {
    const data = await callAppRoute(search.loader, { url: "/search/advertisement?q=квартира", params: { category: "advertisement" } });
    const hit = data.results!.hits.find((h) => h.path.endsWith("kvartyry-2"))!;
    expect(hit.title.parts).toContainEqual({ text: "квартири", hit: true });
  });

  it("shows a thumbnail, the section and the date of each result", async () => {
    const data = await callAppRoute(search.loader, { url: "/us/search/advertisement?q=квартира", params: { category: "advertisement" } });
    const withPhoto = data.results!.hits.find((h) => h.path.endsWith("kvartyra-1"))!;
    expect(withPhoto.image?.src).toContain("2026/11/flat");
    expect(withPhoto.section).toEqual({ text: "Housing", lang: "en" });
    expect(withPhoto.date?.iso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.results!.hits.find((h) => h.path.endsWith("kvartyry-2"))!.image).toBeNull();
  });

  it("writes the stem beside the prefix in the tsquery", () => {
    expect(toTsQuery([["квартира"]], new Map([["квартира", "квартир"]]))).toBe("(квартира:* | квартир)");
    expect(toTsQuery([["квартир"]], new Map([["квартир", "квартир"]]))).toBe("квартир:*");
  });
});
