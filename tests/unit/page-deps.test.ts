// Each cached page names the tables it is built from (publicPageCache({ deps })); a change to
// one of them must make the kept page stale. This serves every cached route against a
// database that records the tables each query reads, and checks that (1) no page reads a
// table it does not declare (the shell, which every page carries, reads only the tables
// publicPageCache adds itself) and (2) a real write to each table a page reads makes that
// page's kept copy stale under the cache's own rule (content_versions triggers, isCurrent).
import { readdirSync } from "node:fs";
import path from "node:path";
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { PostgresQueryCompiler, type QueryId, type RawNode, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import { getContentState, isCurrent, resetContentState, stampFor } from "#app/platform/page-cache/content-state.server.ts";
import { flushCounters } from "#app/modules/analytics/counters.server.ts";
import { clearPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { SEARCH_CATEGORIES } from "#app/modules/search/query.ts";
import { loadShellData } from "#app/modules/shell/shell-data.server.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { makeUser } from "../support/auth.ts";
import { HOUR, insertFixture, servePage } from "./content-support.ts";
import { liveForDays } from "../support/adverts.ts";
import { firstOccurrenceId } from "../support/rows.ts";

/** The deps each route module gave publicPageCache, by the module's middleware function. */
const declared = vi.hoisted(() => new WeakMap<object, readonly string[]>());
vi.mock("#app/platform/page-cache/page-cache.server.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#app/platform/page-cache/page-cache.server.ts")>();
  return {
    ...actual,
    publicPageCache: (options: Parameters<typeof actual.publicPageCache>[0]) => {
      const middleware = actual.publicPageCache(options);
      declared.set(middleware, options.deps);
      return middleware;
    },
  };
});

/** The tables publicPageCache adds to every page's deps (the shell: site name, footer links). */
const SHELL_TABLES = ["settings", "pages"];

/**
 * Tables a page may read without declaring them, and why. A derived table is written only by
 * triggers of its sources, so a page that declares the sources is invalidated with it.
 */
const DERIVED: Record<string, string[]> = {
  search_terms: ["news", "posters", "services", "diaspors", "advertisements", "guides"],
};

const t = useTestDatabase({ register: false });

/** Tables read by the queries run since it was last cleared. */
const reads = new Set<string>();
let tableNames = new Set<string>();

/**
 * The tables a query reads: TableNodes in FROM and JOIN (a TableNode elsewhere qualifies a
 * column: `n.title`), and `from`/`join` names in the text of raw SQL. Names that
 * are no table (a CTE, an alias) are dropped.
 */
function collectTables(node: unknown, into: Set<string>): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) collectTables(item, into);
    return;
  }
  const operation = node as OperationNode & Record<string, unknown>;
  switch (operation.kind) {
    case "FromNode":
      for (const from of (operation as unknown as { froms: OperationNode[] }).froms) collectSource(from, into);
      return;
    case "JoinNode":
      // `left join categories as cat on false`: the card query's stand-in for a column the type lacks; it reads no row.
      if (joinsOnFalse(operation)) return;
      collectSource((operation as unknown as { table: OperationNode }).table, into);
      collectTables((operation as unknown as { on?: OperationNode }).on, into);
      return;
    case "RawNode": {
      // Its SQL text as it is sent (with `sql.raw` and `sql.table` parts in place).
      const text = compiler.compileQuery(operation as unknown as RawNode, QUERY_ID).sql;
      for (const match of text.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)) addTable(match[1]!, into);
      return;
    }
    case "TableNode":
      return;
  }
  for (const value of Object.values(operation)) collectTables(value, into);
}

const compiler = new PostgresQueryCompiler();
const QUERY_ID = { queryId: "page-deps" } as QueryId;

function joinsOnFalse(join: OperationNode): boolean {
  const on = (join as unknown as { on?: { on?: { kind: string; sqlFragments?: string[] } } }).on?.on;
  return on?.kind === "RawNode" && on.sqlFragments?.length === 1 && on.sqlFragments[0]!.trim() === "false";
}

function collectSource(node: OperationNode, into: Set<string>): void {
  if (node.kind === "TableNode") addTable((node as unknown as { table: { identifier: { name: string } } }).table.identifier.name, into);
  else if (node.kind === "AliasNode") collectSource((node as unknown as { node: OperationNode }).node, into);
  else collectTables(node, into);
}

function addTable(name: string, into: Set<string>): void {
  if (tableNames.has(name)) into.add(name);
}

/** Records the tables every SELECT (or raw query) reads; writes (view counters) are not reads. */
const recorder: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === "SelectQueryNode" || node.kind === "RawNode") collectTables(node, reads);
    return node;
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};

/**
 * Empties every cache kept per content version, so the next page runs all its queries, and
 * polls the content state anew: it is the cache's own reading (CONTENT_POLL_MS is an hour
 * here, so the page does not poll it again), not the page's.
 */
async function forgetCaches(): Promise<void> {
  await flushCounters();
  await sql`update content_versions set version = version + 1`.execute(t.db);
  resetContentState();
  clearPageCache();
  await getContentState();
}

type RouteModule = Parameters<typeof servePage>[0];
/** `status`: when not 200 (a small site has no sitemap files; the loader reads everything first). */
type Sample = { url: string; params?: Record<string, string>; status?: number };
type CachedRoute = { name: string; module: RouteModule; deps: readonly string[]; samples: Sample[] };

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");
let advertSlug = "";
let advertCategory = "";
/** Requests that make each cached route build a full page (every list and item has content). */
function samples(): Record<string, Sample[]> {
  return {
    home: [{ url: "/" }, { url: "/us" }],
    news: [{ url: "/novyny" }],
    "news-category": [{ url: "/novyny/category/kultura", params: { slug: "kultura" } }],
    "news-item": [{ url: "/novyny/sviato-vyshyvanky", params: { slug: "sviato-vyshyvanky" } }],
    posters: [{ url: "/poster" }, { url: "/poster?period=past" }],
    "poster-category": [{ url: "/poster/category/kontserty", params: { slug: "kontserty" } }],
    "poster-item": [{ url: "/poster/kontsert-nadii", params: { slug: "kontsert-nadii" } }],
    "feeds-poster-ics": [{ url: "/poster/kontsert-nadii/event.ics", params: { slug: "kontsert-nadii" } }],
    "feeds-posters-calendar": [{ url: "/poster/calendar.ics?category=kontserty&location=varshava" }],
    "embed-poster": [
      { url: "/embed/poster?organisation=hromada-berlina&category=kontserty&location=varshava" },
      { url: "/us/embed/poster" },
    ],
    services: [{ url: "/services" }],
    "service-category": [{ url: "/services/category/yurysty", params: { slug: "yurysty" } }],
    "service-item": [{ url: "/services/yurydychna-pomich", params: { slug: "yurydychna-pomich" } }],
    diaspors: [{ url: "/diaspors" }],
    "diaspora-item": [{ url: "/diaspors/hromada-berlina", params: { slug: "hromada-berlina" } }],
    guides: [{ url: "/dovidnyk" }, { url: "/dovidnyk?topic=documents&location=varshava" }],
    "guide-item": [{ url: "/dovidnyk/posvidchennia", params: { slug: "posvidchennia" } }],
    "reklama-item": [{ url: "/reklama/perekazy", params: { slug: "perekazy" } }],
    adverts: [{ url: "/advertisement" }],
    "advert-category": [{ url: `/advertisement/category/${advertCategory}`, params: { slug: advertCategory } }],
    "advert-item": [{ url: `/advertisement/${advertSlug}`, params: { slug: advertSlug } }],
    "advert-feed": [{ url: "/advertisement/rss.xml" }],
    "feeds-news": [{ url: "/novyny/rss.xml" }],
    "feeds-news-category": [{ url: "/novyny/category/kultura/rss.xml", params: { slug: "kultura" } }],
    "feeds-posters": [{ url: "/poster/rss.xml" }],
    "feeds-guides": [{ url: "/dovidnyk/rss.xml" }],
    search: SEARCH_CATEGORIES.map((category) => ({
      url: `/search/${category}?q=${encodeURIComponent(SEARCH_WORDS[category])}`,
      params: { category },
    })),
    sitemap: [{ url: "/sitemap.xml" }],
    "sitemap-file": [{ url: "/sitemap/1.xml", params: { file: "1.xml" }, status: 404 }],
    "map-points": [
      { url: "/map/points/poster.json?category=kontserty", params: { file: "poster.json" } },
      { url: "/map/points/services.json?bbox=-180,-90,180,90", params: { file: "services.json" } },
      { url: "/map/points/diaspors.json?location=varshava", params: { file: "diaspors.json" } },
    ],
    "offline-pack": [{ url: "/offline/pack?location=varshava" }, { url: "/us/offline/pack?location=varshava" }],
  };
}

/** A word of the fixture's titles, so that each search finds something. */
const SEARCH_WORDS: Record<(typeof SEARCH_CATEGORIES)[number], string> = {
  novyny: "вишиванки",
  poster: "концерт",
  services: "юридична",
  diaspors: "громада",
  advertisement: "ноутбук",
  dovidnyk: "посвідчення",
};

let routes: CachedRoute[] = [];
/** Tables each route's loaders read, with every sample request. */
const observed = new Map<string, Set<string>>();
/** Tables the shell (the root loader's part of every page) reads. */
const shellReads = new Set<string>();

beforeAll(async () => {
  setConfig(
    loadConfig({
      DATA_DIR: "/tmp/portal-unit-content",
      SESSION_SECRET: "c".repeat(40),
      PUBLIC_URL: "https://portal.example",
      CONTENT_POLL_MS: String(HOUR),
    }),
  );
  registerDatabase(t.database);
  const db = t.db;
  const fixture = await insertFixture(db);
  const tag = await db.selectFrom("tags").select("id").executeTakeFirstOrThrow();
  await db.insertInto("poster_tags").values({ poster_id: fixture.posters["kontsert-nadii"]!, tag_id: tag.id }).execute();
  await db
    .insertInto("pages")
    .values({
      slug: "pro-nas",
      title_uk: "Про нас",
      body_uk: "<p>Громада.</p>",
      status: "published",
      published_at: new Date(Date.now() - HOUR),
      show_in_footer: true,
    })
    .execute();
  await db
    .insertInto("guides")
    .values({
      slug: "posvidchennia",
      topic: "documents",
      location_id: fixture.locations.warsaw,
      title_uk: "Обмін посвідчення водія",
      body_uk: "<h2>Коли</h2><p>Після переїзду.</p>",
      steps_uk: "Подайте заяву — паспорт",
      related: "/services/yurydychna-pomich\n/diaspors/hromada-berlina",
      checked_at: new Date(Date.now() - 400 * 24 * HOUR),
      status: "published",
      published_at: new Date(Date.now() - HOUR),
    })
    .execute();
  const owner = await makeUser({ name: "Оля" });
  const concert = fixture.posters["kontsert-nadii"]!;
  await db
    .insertInto("poster_rsvps")
    .values({ poster_id: concert, occurrence_id: await firstOccurrenceId(db, concert), user_id: owner.id })
    .execute();
  const category = await db
    .insertInto("categories")
    .values({ kind: "advertisement", slug: "elektronika", name_uk: "Електроніка", name_en: "Electronics" })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
  const advert = await db
    .insertInto("advertisements")
    .values({
      slug: "noutbuk-varshava",
      owner_id: owner.id,
      category_id: category.id,
      location_id: fixture.locations.warsaw,
      title: "Ноутбук у Варшаві",
      description: "Ноутбук у доброму стані, з зарядкою і сумкою.",
      price_kind: "amount",
      price_amount: "2800.00",
      price_currency: "PLN",
      ...liveForDays(20),
    })
    .returning(["id", "slug"])
    .executeTakeFirstOrThrow();
  await db.insertInto("advertisement_images").values({ advertisement_id: advert.id, image_id: fixture.image, position: 0 }).execute();
  // A category field with a value: the advert page shows it.
  const field = await db
    .insertInto("advert_fields")
    .values({ category_id: category.id, key: "condition", kind: "text", label_uk: "Стан", label_en: "Condition" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("advert_field_values").values({ advertisement_id: advert.id, field_id: field.id, text_value: "як новий" }).execute();
  // The seller's rating and figures: the advert page's sidebar shows them.
  const buyer = await makeUser({ name: "Петро" });
  const conversation = await db
    .insertInto("conversations")
    .values({ advertisement_id: advert.id, advert_title: "Ноутбук у Варшаві", buyer_id: buyer.id, seller_id: owner.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("user_ratings")
    .values({ conversation_id: conversation.id, rater_id: buyer.id, rated_id: owner.id, stars: 5, body: "Дякую!", counted: true })
    .execute();
  await db.insertInto("user_trust_stats").values({ user_id: owner.id, rating_count: 1, rating_average: "5.00", live_adverts: 1 }).execute();
  advertSlug = advert.slug;
  advertCategory = category.slug;

  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public'`.execute(
    db,
  );
  tableNames = new Set(tables.rows.map((row) => row.table_name));
  registerDatabase({ ...t.database, db: db.withPlugin(recorder) });

  const bySample = samples();
  for (const name of readdirSync(ROUTES_DIR).sort()) {
    const file = ["route.tsx", "route.ts"]
      .map((base) => path.join(ROUTES_DIR, name, base))
      .find((candidate) => readdirSync(path.dirname(candidate)).includes(path.basename(candidate)));
    if (!file) continue;
    const module = (await import(file)) as RouteModule;
    const deps = (module.middleware ?? []).map((middleware) => declared.get(middleware)).find(Boolean);
    if (deps) routes.push({ name, module, deps, samples: bySample[name] ?? [] });
  }

  for (const route of routes) {
    const read = new Set<string>();
    for (const sample of route.samples) {
      await forgetCaches();
      reads.clear();
      const response = await servePage(route.module, { url: sample.url, params: sample.params });
      expect(response.status, `${route.name} ${sample.url}`).toBe(sample.status ?? 200);
      for (const table of reads) read.add(table);
    }
    observed.set(route.name, read);
  }

  await forgetCaches();
  reads.clear();
  const url = new URL("http://localhost/novyny");
  await loadShellData({ request: new Request(url), url, language: "uk", t: translatorFor("uk") });
  for (const table of reads) shellReads.add(table);
}, 120_000);

afterAll(() => registerDatabase(undefined));

describe("cached pages and the tables they read", () => {
  it("finds the cached routes, each with sample requests", () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) expect(route.samples, `add sample requests for ${route.name} to this test`).not.toEqual([]);
    // The recorder sees the queries: an item page reads its table, the searches read theirs.
    expect([...observed.get("news-item")!]).toContain("news");
    expect([...observed.get("search")!]).toEqual(expect.arrayContaining(["news", "posters", "services", "diaspors", "advertisements"]));
  });

  it("the shell reads only the tables every cached page depends on", () => {
    expect([...shellReads].sort()).toEqual([...SHELL_TABLES].sort());
  });

  it("no page reads a table it does not declare", () => {
    const undeclared = Object.fromEntries(
      routes
        .map(
          (route) =>
            [
              route.name,
              [...observed.get(route.name)!]
                .filter((table) => !route.deps.includes(table) && !SHELL_TABLES.includes(table) && !allowed(route, table))
                .sort(),
            ] as const,
        )
        .filter(([, tables]) => tables.length > 0),
    );
    expect(undeclared).toEqual({});
  });

  it("reads derived tables only with their sources declared", () => {
    for (const route of routes) {
      for (const table of observed.get(route.name)!) {
        if (DERIVED[table])
          expect(
            DERIVED[table].filter((source) => !route.deps.includes(source)),
            `${route.name} reads ${table}`,
          ).toEqual([]);
      }
    }
  });

  it("a write to each table a page reads makes that page's kept copy stale", async () => {
    registerDatabase(t.database);
    const readTables = [...new Set(routes.flatMap((route) => [...observed.get(route.name)!]))].filter((table) => !DERIVED[table]).sort();
    expect(readTables).toContain("advertisement_images");
    for (const table of readTables) {
      resetContentState();
      const before = await getContentState();
      const pages = routes.filter((route) => observed.get(route.name)!.has(table));
      const stamps = pages.map((route) => {
        const deps = [...new Set([...route.deps, ...SHELL_TABLES])];
        return { route, deps, stamp: stampFor(deps, before, { timed: false }) };
      });
      await changeOneRow(table);
      resetContentState();
      const after = await getContentState();
      const stillCurrent = stamps.filter(({ deps, stamp }) => isCurrent(stamp, deps, after)).map(({ route }) => route.name);
      expect(stillCurrent, `pages kept after a change to ${table}`).toEqual([]);
    }
  });
});

describe("the users version", () => {
  it("follows what pages show of a user, not their password or email address", async () => {
    registerDatabase(t.database);
    const version = async () =>
      (await sql<{ version: string }>`select version from content_versions where name = 'users'`.execute(t.db)).rows[0]?.version;
    const before = await version();
    expect(before).toBeDefined();
    await changeOneRow("users", "email");
    await changeOneRow("users", "password_hash");
    expect(await version()).toBe(before);
    await changeOneRow("users", "name");
    expect(Number(await version())).toBe(Number(before) + 1);
  });
});

function allowed(route: CachedRoute, table: string): boolean {
  return Boolean(DERIVED[table]);
}

/**
 * The column pages show, for a table whose version follows only those columns (users: the
 * name under an article or on an advert; a new password or email address is no page's business).
 */
const SHOWN_COLUMN: Record<string, string> = { users: "name" };

/** Changes a value of one row of `table` (a text column, else the last column of a link table). */
async function changeOneRow(table: string, column = SHOWN_COLUMN[table]): Promise<void> {
  const { rows: columns } = await sql<{ column_name: string; data_type: string; is_generated: string }>`
    select column_name, data_type, is_generated from information_schema.columns
    where table_schema = 'public' and table_name = ${table} order by ordinal_position`.execute(t.db);
  const text = columns.find((c) =>
    column
      ? c.column_name === column
      : c.data_type === "text" && c.is_generated === "NEVER" && !["slug", "status", "kind", "placement", "key"].includes(c.column_name),
  );
  const one = sql`ctid = (select ctid from ${sql.table(table)} limit 1)`;
  const result = text
    ? await sql`update ${sql.table(table)} set ${sql.ref(text.column_name)} = coalesce(${sql.ref(text.column_name)}, '') || ' (changed)' where ${one}`.execute(
        t.db,
      )
    : await sql`delete from ${sql.table(table)} where ${one}`.execute(t.db);
  expect(Number(result.numAffectedRows), `a row of ${table} to change`).toBe(1);
}
