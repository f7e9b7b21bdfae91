import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import * as search from "#app/routes/search/route.tsx";
import { estimateMatches, resetWordFrequencies } from "#app/modules/search/frequency.server.ts";
import { CANDIDATE_LIMIT } from "#app/modules/search/providers.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { insertRow } from "../support/rows.ts";
import { callAppRoute, thrownStatus } from "../support/app-route.ts";
import { ago, insertFixture, useUnitConfig } from "./content-support.ts";

const t = useTestDatabase();

beforeAll(async () => {
  useUnitConfig();
  await insertFixture(t.db);
});

function run(category: string, q: string, extra = "") {
  return callAppRoute(search.loader, { url: `/search/${category}?q=${encodeURIComponent(q)}${extra}`, params: { category } });
}

function titles(data: Awaited<ReturnType<typeof run>>): string[] {
  return (data.results?.hits ?? []).map((hit) => hit.title.parts.map((part) => part.text).join(""));
}

describe("search", () => {
  it("finds news by a word of its Ukrainian title, with the match highlighted", async () => {
    const data = await run("novyny", "вишиванки");
    expect(titles(data)).toEqual(["Свято вишиванки у Варшаві"]);
    const hit = data.results!.hits[0]!;
    expect(hit.path).toBe("/novyny/sviato-vyshyvanky");
    expect(hit.title.parts).toContainEqual({ text: "вишиванки", hit: true });
    expect(data.results!.correctedTo).toBeNull();
  });

  it("finds it by a word of its English title, and shows the English text on /us", async () => {
    const data = await callAppRoute(search.loader, { url: "/us/search/novyny?q=embroidery", params: { category: "novyny" } });
    expect(titles(data)).toEqual(["Embroidery day in Warsaw"]);
    expect(data.results!.hits[0]!.title.lang).toBe("en");
  });

  it("matches word prefixes and needs every word", async () => {
    expect(titles(await run("novyny", "вишив"))).toEqual(["Свято вишиванки у Варшаві"]);
    expect(titles(await run("novyny", "свято Варшаві"))).toEqual(["Свято вишиванки у Варшаві"]);
    expect(titles(await run("novyny", "свято Берліні"))).toEqual([]);
  });

  it("tolerates one wrong letter, in either language, and says what it searched for", async () => {
    for (const [q, expected] of [
      ["вишеванки", "Свято вишиванки у Варшаві"],
      ["вишванки", "Свято вишиванки у Варшаві"],
      ["embroidary", "Свято вишиванки у Варшаві"],
      ["бандурыстів", "Концерт бандуристів у Берліні"],
    ] as const) {
      const data = await run("novyny", q);
      expect(titles(data), q).toEqual([expected]);
      expect(data.results!.correctedTo, q).not.toBeNull();
    }
    const corrected = await run("novyny", "вишеванки");
    expect(corrected.results!.correctedTo).toBe("вишиванки");
    expect(corrected.results!.hits[0]!.title.parts).toContainEqual({ text: "вишиванки", hit: true });
  });

  it("never finds drafts, scheduled or deleted items", async () => {
    for (const q of ["чернетка", "запланована", "видалена", "архівна"]) {
      expect(titles(await run("novyny", q)), q).toEqual([]);
    }
    expect(titles(await run("services", "прихована"))).toEqual([]);
  });

  it("searches posters, services, diaspora and adverts", async () => {
    expect(titles(await run("poster", "голоси"))).toEqual(["Концерт «Голоси надії»"]);
    expect(titles(await run("services", "право"))).toEqual(["Юридична допомога «Право»"]);
    expect(titles(await run("diaspors", "пласт"))).toEqual(["Пласт Варшава"]);
    const ownerId = await insertRow(t.db, "users", { email: "owner@example.com", password_hash: "x" });
    const categoryId = await insertRow(t.db, "categories", { kind: "advertisement", slug: "robota", name_uk: "Робота" });
    await t.db
      .insertInto("advertisements")
      .values([
        {
          slug: "velosyped-abc1",
          owner_id: ownerId,
          category_id: categoryId,
          title: "Продам велосипед міський",
          description: "Майже новий велосипед, забирати у Варшаві.",
          status: "published",
          published_at: ago(1000),
          expires_at: null,
        },
        {
          slug: "velosyped-old2",
          owner_id: ownerId,
          category_id: categoryId,
          title: "Велосипед дитячий",
          description: "Оголошення вже закінчилося давно.",
          status: "expired",
          published_at: ago(1000),
        },
      ])
      .execute();
    const adverts = await run("advertisement", "велосипед");
    expect(titles(adverts)).toEqual(["Продам велосипед міський"]);
    expect(adverts.results!.hits[0]!.path).toBe("/advertisement/velosyped-abc1");
  });

  it("shows the form with a message for an empty, too short or too long query", async () => {
    const empty = await callAppRoute(search.loader, { url: "/search/novyny", params: { category: "novyny" } });
    expect(empty.query.status).toBe("empty");
    expect(empty.results).toBeNull();
    expect((await run("novyny", "в")).query.status).toBe("too_short");
    expect((await run("novyny", "  в  ")).query.status).toBe("too_short");
    expect((await run("novyny", "я".repeat(101))).query.status).toBe("too_long");
    expect((await run("novyny", "!!")).query.status).toBe("no_words");
    expect((await run("novyny", "я".repeat(100))).query.status).toBe("ok");
  });

  it("answers 404 for an unknown category and for a page past the results", async () => {
    expect(await thrownStatus(run("users", "вишиванки"))).toBe(404);
    expect(await thrownStatus(run("novyny", "вишиванки", "&page=2"))).toBe(404);
    expect(await thrownStatus(run("novyny", "вишиванки", "&page=x"))).toBe(404);
    const nothing = await run("novyny", "квантовий");
    expect(nothing.results?.total).toBe(0);
  });

  it("pages through at most the newest CANDIDATE_LIMIT matches of a word with more", async () => {
    const rows = Array.from({ length: CANDIDATE_LIMIT + 20 }, (_, i) => ({
      slug: `common-${i}`,
      title_uk: `Новина громади номер ${i}`,
      status: "published" as const,
      published_at: ago((i + 10) * 60_000),
    }));
    await t.db.insertInto("news").values(rows).execute();
    await sql`analyze news`.execute(t.db);
    resetWordFrequencies();
    const data = await run("novyny", "громади");
    expect(data.results!.total).toBe(CANDIDATE_LIMIT);
    expect(data.results!.more).toBe(true);
    expect(data.results!.pagination.pageCount).toBe(CANDIDATE_LIMIT / 12);
    // Too many to rank: the newest come first.
    expect(data.results!.hits.map((hit) => hit.path).slice(0, 3)).toEqual(["/novyny/common-0", "/novyny/common-1", "/novyny/common-2"]);
    const last = await run("novyny", "громади", `&page=${CANDIDATE_LIMIT / 12}`);
    expect(last.results!.hits).toHaveLength(12);
    expect(await thrownStatus(run("novyny", "громади", `&page=${CANDIDATE_LIMIT / 12 + 1}`))).toBe(404);
  });

  it("reads a very common word newest first from the date index, with the same pages", async () => {
    // Twice the limit and more: the statistics now call the word very common.
    const more = Array.from({ length: CANDIDATE_LIMIT + 100 }, (_, i) => ({
      slug: `common-more-${i}`,
      title_uk: `Стара новина громади ${i}`,
      status: "published" as const,
      published_at: ago((CANDIDATE_LIMIT + 100 + i) * 60_000),
    }));
    await t.db.insertInto("news").values(more).execute();
    await sql`analyze news`.execute(t.db);
    resetWordFrequencies();
    expect(await estimateMatches("news", [["громади"]])).toBeGreaterThan(2 * CANDIDATE_LIMIT);
    const data = await run("novyny", "громади");
    expect(data.results!.more).toBe(true);
    expect(data.results!.hits.map((hit) => hit.path).slice(0, 2)).toEqual(["/novyny/common-0", "/novyny/common-1"]);
    expect(data.results!.hits[0]!.title.parts).toContainEqual({ text: "громади", hit: true });
    const last = await run("novyny", "громади", `&page=${CANDIDATE_LIMIT / 12}`);
    expect(last.results!.hits).toHaveLength(12);
    expect(await thrownStatus(run("novyny", "громади", `&page=${CANDIDATE_LIMIT / 12 + 1}`))).toBe(404);
    // A rare word in the same table still goes through the index and is ranked.
    expect(await estimateMatches("news", [["вишиванки"]])).toBeLessThan(2 * CANDIDATE_LIMIT);
    expect(titles(await run("novyny", "вишиванки"))).toEqual(["Свято вишиванки у Варшаві"]);
    await t.db.deleteFrom("news").where("slug", "like", "common-%").execute();
  });
});
