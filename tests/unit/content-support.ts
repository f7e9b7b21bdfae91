// Shared by the content-*.test.ts files: a small fixture of public content, and a way to
// serve a route the way the app does (i18n middleware, the route's own middleware, its
// loader, then a stand-in for rendering) so the page cache can be exercised.
import type { Insertable, Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { i18nextMiddleware } from "#app/middleware/i18next.ts";
import { loadConfig, setConfig } from "#app/platform/config/config.server.ts";
import { buildContext, buildRequest, type RouteCallOptions } from "../support/route.ts";
import { insertLocations } from "../support/adverts.ts";

export function useUnitConfig(): void {
  setConfig(loadConfig({ DATA_DIR: "/tmp/portal-unit-content", SESSION_SECRET: "c".repeat(40), PUBLIC_URL: "https://portal.example" }));
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
export const ago = (ms: number) => new Date(Date.now() - ms);
export const ahead = (ms: number) => new Date(Date.now() + ms);
/**
 * `days` after today at a fixed UTC time of day. Events shown with their time use this, not
 * ahead(): the database filters on its own now(), so the date must move with the real clock,
 * but a time of day taken from "now" made the schedule cross midnight in Europe/Warsaw when
 * the suite ran between 21:00 and 23:00 UTC.
 */
export function daysAheadAt(days: number, hour: number, minute = 0): Date {
  const date = new Date();
  date.setUTCHours(hour, minute, 0, 0);
  return new Date(date.getTime() + days * DAY);
}
export { DAY, HOUR };

type SluggedTable = "news" | "posters" | "services" | "diaspors" | "reklama";

/** Inserts the rows into `table`; their ids by slug. */
async function insertBySlug<T extends SluggedTable>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]): Promise<Record<string, number>> {
  // Kysely cannot follow a table name that is a type parameter; the rows' types are checked above.
  const inserted = (await db
    .insertInto(table)
    .values(rows as never)
    .returning(["id", "slug"] as never)
    .execute()) as unknown as Array<{ id: number; slug: string }>;
  return Object.fromEntries(inserted.map((row) => [row.slug, row.id]));
}

export type Fixture = Awaited<ReturnType<typeof insertFixture>>;

/** Categories, locations, an image, and items of every public type in every visibility state. */
export async function insertFixture(db: Kysely<DB>) {
  const [news, poster, service] = await db
    .insertInto("categories")
    .values([
      { kind: "news", slug: "kultura", name_uk: "Культура", name_en: "Culture" },
      { kind: "poster", slug: "kontserty", name_uk: "Концерти", name_en: "Concerts" },
      { kind: "service", slug: "yurysty", name_uk: "Юристи", name_en: "Lawyers" },
      { kind: "news", slug: "sport", name_uk: "Спорт", name_en: null },
    ])
    .returning("id")
    .execute();
  const [warsaw, berlin] = await insertLocations(db, ["varshava", "berlin"]);
  const image = await db
    .insertInto("images")
    .values({
      key: "2026/11/test-cover",
      width: 1280,
      height: 720,
      variants: [320, 640, 1024, 1280],
      alt_uk: "Обкладинка",
      alt_en: "Cover",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const tag = await db
    .insertInto("tags")
    .values({ slug: "vyshyvanka", name_uk: "Вишиванка", name_en: "Embroidery" })
    .returning("id")
    .executeTakeFirstOrThrow();

  const newsRows = await insertBySlug(db, "news", [
    {
      slug: "sviato-vyshyvanky",
      title_uk: "Свято вишиванки у Варшаві",
      title_en: "Embroidery day in Warsaw",
      summary_uk: "Громада вийшла на ходу у вишиванках.",
      summary_en: "The community marched in embroidered shirts.",
      body_uk: "<p>Сотні людей пройшли центром міста.</p>",
      body_en: "<p>Hundreds walked through the city centre.</p>",
      category_id: news!.id,
      cover_image_id: image.id,
      status: "published",
      published_at: ago(HOUR),
    },
    {
      slug: "tilky-ukrainskoiu",
      title_uk: "Концерт бандуристів у Берліні",
      title_en: null,
      summary_uk: "Виступ капели бандуристів.",
      body_uk: "<p>Капела зіграла старовинні думи.</p>",
      category_id: news!.id,
      status: "published",
      published_at: ago(2 * HOUR),
    },
    { slug: "chernetka", title_uk: "Чернетка новини", body_uk: "<p>…</p>", status: "draft", published_at: ago(HOUR) },
    { slug: "zaplanovana", title_uk: "Запланована новина", body_uk: "<p>…</p>", status: "published", published_at: ahead(DAY) },
    { slug: "arkhivna", title_uk: "Архівна новина", body_uk: "<p>…</p>", status: "archived", published_at: ago(DAY) },
    {
      slug: "vydalena",
      title_uk: "Видалена новина",
      body_uk: "<p>…</p>",
      status: "published",
      published_at: ago(DAY),
      deleted_at: new Date(),
    },
  ]);
  await db.insertInto("news_tags").values({ news_id: newsRows["sviato-vyshyvanky"]!, tag_id: tag.id }).execute();

  const posterRows = await insertBySlug(db, "posters", [
    {
      slug: "kontsert-nadii",
      title_uk: "Концерт «Голоси надії»",
      title_en: "“Voices of hope” concert",
      description_uk: "<p>Благодійний концерт, квитки на сайті.</p>",
      category_id: poster!.id,
      location_id: warsaw!,
      cover_image_id: image.id,
      // 16:00-18:00 (winter) or 17:00-19:00 (summer) in Warsaw: never across midnight.
      starts_at: daysAheadAt(3, 15),
      ends_at: daysAheadAt(3, 17),
      venue_uk: "Філармонія",
      venue_en: "Philharmonic hall",
      address: "вул. Ясна 5",
      price_text_uk: "від 60 злотих",
      ticket_url: "https://tickets.example/nadia",
      organiser: "Громада Варшави",
      status: "published",
      published_at: ago(DAY),
    },
    {
      slug: "vystavka-berlin",
      title_uk: "Виставка рушників",
      description_uk: "<p>Старовинні рушники.</p>",
      location_id: berlin!,
      starts_at: ahead(5 * DAY),
      status: "published",
      published_at: ago(DAY),
    },
    {
      slug: "mynulyi-yarmarok",
      title_uk: "Минулий ярмарок",
      description_uk: "<p>Було весело.</p>",
      location_id: warsaw!,
      starts_at: ago(10 * DAY),
      ends_at: ago(10 * DAY - 3 * HOUR),
      status: "published",
      published_at: ago(20 * DAY),
    },
    { slug: "chernetka-podii", title_uk: "Чернетка події", starts_at: ahead(DAY), status: "draft" },
  ]);

  const serviceRows = await insertBySlug(db, "services", [
    {
      slug: "yurydychna-pomich",
      name_uk: "Юридична допомога «Право»",
      name_en: "“Pravo” legal aid",
      description_uk: "<p>Карта побиту, дозвіл на роботу.</p>",
      category_id: service!.id,
      location_id: warsaw!,
      phone: "+48 600 100 200",
      email: "pravo@example.com",
      website: "pravo.example.com",
      address: "вул. Марszałkowska 1",
      social_links: JSON.stringify({ facebook: "https://facebook.com/pravo", bad: "javascript:alert(1)" }),
      status: "published",
    },
    { slug: "prykhovana-posluha", name_uk: "Прихована послуга", status: "draft" },
  ]);

  const diasporaRows = await insertBySlug(db, "diaspors", [
    {
      slug: "hromada-berlina",
      name_uk: "Громада Берліна",
      name_en: "Berlin community",
      description_uk: "<p>Спільнота.</p>",
      location_id: berlin!,
      status: "published",
    },
    { slug: "plast-varshava", name_uk: "Пласт Варшава", description_uk: "<p>Скаути.</p>", location_id: warsaw!, status: "published" },
  ]);

  const reklamaRows = await insertBySlug(db, "reklama", [
    {
      slug: "perekazy",
      title_uk: "Перекази без комісії",
      title_en: "Transfers without fees",
      body_uk: "<p>Швидко.</p>",
      placement: "home_top",
      target_url: "https://bank.example/ua",
      status: "published",
      starts_at: ago(DAY),
    },
    {
      slug: "kursy",
      title_uk: "Курси польської",
      body_uk: "<p>Онлайн.</p>",
      placement: "sidebar",
      target_url: null,
      status: "published",
      starts_at: ago(DAY),
      ends_at: ahead(DAY),
    },
    {
      slug: "zakinchena",
      title_uk: "Закінчена кампанія",
      placement: "home_top",
      status: "published",
      starts_at: ago(10 * DAY),
      ends_at: ago(DAY),
    },
    { slug: "maibutnia", title_uk: "Майбутня кампанія", placement: "home_top", status: "published", starts_at: ahead(DAY) },
  ]);

  return {
    categories: { news: news!.id, poster: poster!.id, service: service!.id },
    locations: { warsaw: warsaw!, berlin: berlin! },
    image: image.id,
    news: newsRows,
    posters: posterRows,
    services: serviceRows,
    diaspors: diasporaRows,
    reklama: reklamaRows,
  };
}

type RouteModule = {
  loader?: (args: any) => unknown;
  middleware?: Array<(args: any, next: () => Promise<Response>) => unknown>;
};

/**
 * Serves a GET through the i18n middleware, the route's middleware and its loader. The
 * loader's data stands in for the rendered page (JSON, as text/html), so what the page
 * cache stores and replays can be checked. Thrown responses (404s) come back as a status.
 */
export async function servePage(route: RouteModule, options: RouteCallOptions): Promise<Response> {
  const request = buildRequest(options);
  const url = new URL(request.url);
  const args = { request, url, pattern: url.pathname, params: options.params ?? {}, context: buildContext(undefined) };
  const chain = [i18nextMiddleware, ...(route.middleware ?? [])] as Array<(a: typeof args, next: () => Promise<Response>) => unknown>;
  const run = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (!middleware) {
      try {
        const data = await route.loader!(args);
        if (data instanceof Response) return data;
        return new Response(JSON.stringify(data), { headers: { "Content-Type": "text/html; charset=utf-8" } });
      } catch (error) {
        if (error instanceof Response) return error;
        const status = (error as { init?: ResponseInit | null })?.init?.status;
        if (typeof status === "number") return new Response(null, { status });
        throw error;
      }
    }
    return (await middleware(args, () => run(index + 1))) as Response;
  };
  return run(0);
}
