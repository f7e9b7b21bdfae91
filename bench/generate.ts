// Bulk benchmark data, written with set-based SQL (generate_series) on top of the demo seed:
// 100,000 adverts and 20,000 news at scale 1, the other types in proportion.
//
// Search words: every advert title starts with "Продам" or "Куплю" (COMMON_WORD is in 40% of
// them), and RARE_WORD is in one advert out of 20,000.
import { type Kysely, sql } from "kysely";
import type { DB } from "#db/schema.ts";
import { DEMO_ADVERT_FIELDS } from "../scripts/seed/advert-fields.ts";

export const COMMON_WORD = "продам";
export const RARE_WORD = "раритетний";

export type Counts = { adverts: number; news: number; posters: number; services: number; diaspors: number; owners: number };

export function countsFor(scale: number): Counts {
  const n = (value: number) => Math.max(1, Math.round(value * scale));
  return { adverts: n(100_000), news: n(20_000), posters: n(2_000), services: n(1_000), diaspors: n(500), owners: n(500) };
}

const ADJECTIVES = [
  "новий",
  "вживаний",
  "зручний",
  "великий",
  "малий",
  "дитячий",
  "зимовий",
  "літній",
  "робочий",
  "сімейний",
  "міцний",
  "легкий",
  "теплий",
  "гарний",
  "дешевий",
  "якісний",
  "старий",
  "швидкий",
  "тихий",
  "чистий",
];
const NOUNS = [
  "велосипед",
  "диван",
  "ноутбук",
  "телефон",
  "стіл",
  "шафа",
  "холодильник",
  "пральну машину",
  "куртку",
  "коляску",
  "автомобіль",
  "телевізор",
  "принтер",
  "крісло",
  "ліжко",
  "килим",
  "мікрохвильовку",
  "пилосос",
  "самокат",
  "планшет",
  "фотоапарат",
  "годинник",
  "рюкзак",
  "намет",
  "гітару",
  "піаніно",
  "акваріум",
  "матрац",
  "комод",
  "дзеркало",
  "сушарку",
  "обігрівач",
  "вентилятор",
  "чайник",
  "блендер",
  "кавоварку",
  "праску",
  "монітор",
  "клавіатуру",
  "навушники",
  "колонку",
  "роутер",
  "сканер",
  "проєктор",
  "скутер",
  "мотоцикл",
  "човен",
  "лижі",
  "ковзани",
  "сноуборд",
];
const TOPICS = [
  "громада",
  "культура",
  "освіта",
  "волонтери",
  "документи",
  "спорт",
  "концерт",
  "виставка",
  "школа",
  "діти",
  "робота",
  "житло",
  "мова",
  "історія",
  "свято",
  "ярмарок",
  "лекція",
  "зустріч",
  "фестиваль",
  "благодійність",
];
const CITIES = ["Варшаві", "Кракові", "Вроцлаві", "Берліні", "Празі", "Лондоні", "Торонто", "Нью-Йорку"];

function textArray(words: readonly string[]) {
  return sql`array[${sql.join(words.map((word) => sql.lit(word)))}]::text[]`;
}

/** `array[...]` element chosen by an integer expression (1-based, wraps around). */
function pick(array: ReturnType<typeof textArray>, index: string, length: number) {
  return sql`(${array})[1 + ((${sql.raw(index)}) % ${sql.lit(length)})]`;
}

async function ids(db: Kysely<DB>, query: ReturnType<typeof sql<{ id: number }>>): Promise<number[]> {
  return (await query.execute(db)).rows.map((row) => row.id);
}

function intArray(values: number[]) {
  return sql`${sql.raw(`array[${values.join(",")}]::int[]`)}`;
}

/** Inserts rows in batches of `batch` (generate_series ranges), reporting progress. */
async function inBatches(
  total: number,
  batch: number,
  run: (from: number, to: number) => Promise<void>,
  log: (line: string) => void,
  what: string,
) {
  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await run(from, to);
    log(`bench data: ${what} ${to}/${total}`);
  }
}

/** Whether the database already holds the generated data at these counts. */
export async function hasBenchData(db: Kysely<DB>, counts: Counts): Promise<boolean> {
  const { rows } = await sql<{ adverts: number; news: number }>`select
    (select count(*) from advertisements where slug like 'bench-ad-%') as adverts,
    (select count(*) from news where slug like 'bench-news-%') as news`.execute(db);
  return Number(rows[0]?.adverts) === counts.adverts && Number(rows[0]?.news) === counts.news;
}

export async function generateBenchData(db: Kysely<DB>, counts: Counts, log: (line: string) => void): Promise<void> {
  const adjectives = textArray(ADJECTIVES);
  const nouns = textArray(NOUNS);
  const topics = textArray(TOPICS);
  const cities = textArray(CITIES);

  await sql`insert into users (email, password_hash, name, role, email_verified_at)
    select 'bench-owner-' || g || '@bench.local', 'not-a-password-hash', 'Власник ' || g, 'user', now()
    from generate_series(1, ${counts.owners}) g`.execute(db);
  const owners = intArray(await ids(db, sql<{ id: number }>`select id from users where email like 'bench-owner-%' order by id`));
  const advertCategories = await ids(db, sql<{ id: number }>`select id from categories where kind = 'advertisement' order by id`);
  const newsCategories = await ids(db, sql<{ id: number }>`select id from categories where kind = 'news' order by id`);
  const posterCategories = await ids(db, sql<{ id: number }>`select id from categories where kind = 'poster' order by id`);
  const serviceCategories = await ids(db, sql<{ id: number }>`select id from categories where kind = 'service' order by id`);
  const locations = await ids(db, sql<{ id: number }>`select id from locations order by id`);
  const images = await ids(db, sql<{ id: number }>`select id from images where owner_id is null and width > height order by id`);
  const cat = (list: number[], expr: string) => sql`(${intArray(list)})[1 + ((${sql.raw(expr)}) % ${sql.lit(list.length)})]`;
  const image = (expr: string) =>
    images.length
      ? sql`case when (${sql.raw(expr)}) % 3 = 0 then null else (${intArray(images)})[1 + ((${sql.raw(expr)}) % ${sql.lit(images.length)})] end`
      : sql`null`;

  await inBatches(
    counts.adverts,
    20_000,
    async (from, to) => {
      await sql`insert into advertisements (slug, owner_id, category_id, location_id, title, description, price_amount,
        price_currency, price_kind, contact_name, status, published_at, expires_at)
      select 'bench-ad-' || g,
        (${owners})[1 + g % cardinality(${owners})],
        ${cat(advertCategories, "g * 7")},
        ${cat(locations, "g * 3")},
        (case when g % 10 < 4 then 'Продам ' else 'Куплю ' end) || ${pick(adjectives, "g", ADJECTIVES.length)} || ' '
          || ${pick(nouns, "g / 20", NOUNS.length)} || case when g % 20000 = 7 then ' ${sql.raw(RARE_WORD)}' else '' end,
        'Стан добрий, усе працює. ' || ${pick(adjectives, "g / 7", ADJECTIVES.length)} || ' ' || ${pick(nouns, "g / 3", NOUNS.length)}
          || ', забирати у ' || ${pick(cities, "g", CITIES.length)} || '. Пишіть або телефонуйте ввечері, відповім на всі питання. Оголошення № ' || g || '.',
        case when g % 5 = 0 then null else (10 + g % 5000)::numeric end,
        case when g % 5 = 0 then null else 'PLN' end,
        case when g % 5 = 0 then 'negotiable' else 'amount' end,
        'Власник',
        case when g % 50 = 0 then 'expired' else 'published' end,
        now() - make_interval(mins => g),
        now() + interval '30 days' - make_interval(mins => g % 1000)
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
    },
    log,
    "adverts",
  );

  await inBatches(
    counts.news,
    5_000,
    async (from, to) => {
      await sql`insert into news (slug, title_uk, title_en, summary_uk, body_uk, category_id, cover_image_id, status, published_at, view_count)
      select 'bench-news-' || g,
        initcap(${pick(topics, "g", TOPICS.length)}) || ': ' || ${pick(adjectives, "g / 3", ADJECTIVES.length)} || ' ' || ${pick(topics, "g / 20", TOPICS.length)}
          || ' у ' || ${pick(cities, "g / 7", CITIES.length)} || ' №' || g,
        case when g % 2 = 0 then 'Community news item ' || g else null end,
        'Коротко про подію: ' || ${pick(topics, "g / 5", TOPICS.length)} || ', ' || ${pick(topics, "g / 11", TOPICS.length)} || ' і громада.',
        repeat('<p>Громада ' || ${pick(cities, "g", CITIES.length)} || ' розповідає про ' || ${pick(topics, "g / 3", TOPICS.length)}
          || '. Організатори дякують усім, хто долучився, і запрошують на наступні зустрічі.</p>', 4),
        ${cat(newsCategories, "g")},
        ${image("g")},
        case when g % 40 = 0 then 'draft' else 'published' end,
        now() - make_interval(mins => 30 * g),
        g % 997
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
    },
    log,
    "news",
  );

  await sql`insert into posters (slug, title_uk, description_uk, category_id, location_id, cover_image_id, starts_at, ends_at, venue_uk, price_text_uk, status, published_at)
    select 'bench-poster-' || g,
      initcap(${pick(topics, "g", TOPICS.length)}) || ' у ' || ${pick(cities, "g / 3", CITIES.length)} || ' №' || g,
      '<p>Запрошуємо всіх охочих. Вхід вільний.</p>',
      ${cat(posterCategories, "g")}, ${cat(locations, "g")}, ${image("g")},
      now() + make_interval(hours => (g % 4000) - 2000),
      now() + make_interval(hours => (g % 4000) - 1997),
      'Культурний центр', 'вхід вільний', 'published', now() - interval '30 days'
    from generate_series(1, ${counts.posters}) g`.execute(db);

  await sql`insert into services (slug, name_uk, description_uk, category_id, location_id, phone, address, status)
    select 'bench-service-' || g, 'Сервіс ' || ${pick(nouns, "g", NOUNS.length)} || ' №' || g,
      '<p>Ремонт і обслуговування, швидко та якісно.</p>',
      ${cat(serviceCategories, "g")}, ${cat(locations, "g")}, '+48 600 000 ' || lpad((g % 1000)::text, 3, '0'), 'вул. Головна ' || g, 'published'
    from generate_series(1, ${counts.services}) g`.execute(db);

  await sql`insert into diaspors (slug, name_uk, description_uk, location_id, status)
    select 'bench-diaspora-' || g, 'Спільнота ' || ${pick(topics, "g", TOPICS.length)} || ' №' || g, '<p>Об''єднуємо українців міста.</p>',
      ${cat(locations, "g")}, 'published'
    from generate_series(1, ${counts.diaspors}) g`.execute(db);
}

/** Ranges of the demo's number fields: [lowest, how many values above it, step]. */
const NUMBER_RANGES: Record<string, [number, number, number]> = {
  salary_from: [3000, 120, 100],
  salary_to: [5000, 150, 100],
  rent: [800, 85, 50],
  rooms: [1, 5, 1],
  area: [15, 106, 1],
  year: [1995, 30, 1],
  mileage: [0, 300, 1000],
};

/**
 * Field values of the generated adverts in the categories with demo fields (jobs, housing and
 * its subcategories, vehicles): every number, select and yes/no field gets a value spread by
 * the advert's id, dates a day in the next three months. Skipped when they are already there.
 */
export async function ensureBenchFieldValues(db: Kysely<DB>, log: (line: string) => void): Promise<void> {
  const {
    rows: [existing],
  } = await sql<{ n: number }>`select count(*)::int as n from advert_field_values v
    join advertisements a on a.id = v.advertisement_id where a.slug like 'bench-ad-%'`.execute(db);
  if (Number(existing?.n) > 0) return;
  const numberKeys = Object.values(DEMO_ADVERT_FIELDS)
    .flat()
    .filter((field) => field.kind === "number")
    .map((field) => field.key);
  const ranges = sql.join(
    numberKeys.map((key) => {
      const [low, count, step] = NUMBER_RANGES[key] ?? [0, 100, 1];
      return sql`(${key}, ${low}::numeric, ${count}::int, ${step}::numeric)`;
    }),
  );
  // The advert's category or its parent holds the field (housing's fields apply to rooms).
  const fieldsOfAdvert = sql`advertisements a
    join categories c on c.id = a.category_id
    join advert_fields f on f.category_id in (c.id, c.parent_id) and f.removed_at is null`;
  await sql`insert into advert_field_values (advertisement_id, field_id, number_value)
    select a.id, f.id, r.low + ((a.id * 7919 + f.id * 104729) % r.count) * r.step
    from ${fieldsOfAdvert} join (values ${ranges}) as r(key, low, count, step) on r.key = f.key
    where a.slug like 'bench-ad-%' and f.kind = 'number'`.execute(db);
  await sql`insert into advert_field_values (advertisement_id, field_id, text_value)
    select a.id, f.id, f.options -> ((a.id * 31 + f.id) % jsonb_array_length(f.options))::int ->> 'value'
    from ${fieldsOfAdvert}
    where a.slug like 'bench-ad-%' and f.kind = 'select' and jsonb_array_length(f.options) > 0`.execute(db);
  await sql`insert into advert_field_values (advertisement_id, field_id, bool_value)
    select a.id, f.id, (a.id * 13 + f.id) % 3 = 0
    from ${fieldsOfAdvert}
    where a.slug like 'bench-ad-%' and f.kind = 'boolean'`.execute(db);
  await sql`insert into advert_field_values (advertisement_id, field_id, date_value)
    select a.id, f.id, current_date + (a.id % 90)
    from ${fieldsOfAdvert}
    where a.slug like 'bench-ad-%' and f.kind = 'date'`.execute(db);
  const {
    rows: [written],
  } = await sql<{ n: number }>`select count(*)::int as n from advert_field_values`.execute(db);
  log(`bench data: ${written?.n ?? 0} advert field values`);
}

/** What autovacuum would have done after the load (PGlite has no autovacuum): statistics and visibility maps. */
export async function settle(db: Kysely<DB>): Promise<void> {
  for (const table of [
    "advertisements",
    "advert_field_values",
    "news",
    "news_tags",
    "posters",
    "services",
    "diaspors",
    "reklama",
    "pages",
    "users",
    "search_terms",
  ]) {
    await sql.raw(`vacuum analyze ${table}`).execute(db);
  }
}

/** Conversations of the signed-in bench user: the inbox and a thread are measured with this many. */
export const BENCH_CONVERSATIONS = 10_000;

/**
 * `count` conversations with the user as buyer, each about another live advert, three messages
 * each (the newest from the seller, so half are unread), and one long thread of 60 messages.
 * Idempotent: a second run adds nothing. Returns the long thread's id.
 */
export async function ensureBenchConversations(db: Kysely<DB>, buyerEmail: string, count = BENCH_CONVERSATIONS): Promise<number> {
  const {
    rows: [buyer],
  } = await sql<{ id: number }>`select id from users where email = ${buyerEmail}`.execute(db);
  if (!buyer) throw new Error(`no bench user ${buyerEmail}`);
  await sql`insert into conversations (advertisement_id, advert_title, buyer_id, seller_id, created_at, last_message_at, last_sender_id, buyer_read_at, seller_read_at)
    select a.id, a.title, ${buyer.id}, a.owner_id, now() - make_interval(mins => a.n * 3), now() - make_interval(mins => a.n),
      case when a.n % 2 = 0 then a.owner_id else ${buyer.id} end, now() - make_interval(mins => a.n + 1), now() - make_interval(mins => a.n)
    from (select id, title, owner_id, row_number() over (order by id desc)::int as n from advertisements
      where owner_id <> ${buyer.id} and status = 'published' and deleted_at is null order by id desc limit ${count}) a
    on conflict (advertisement_id, buyer_id) do nothing`.execute(db);
  await sql`insert into messages (conversation_id, sender_id, body, created_at)
    select c.id, case when g = 2 then c.seller_id when g = 3 and c.last_sender_id = c.seller_id then c.seller_id else c.buyer_id end,
      case g when 1 then 'Добрий день! Ще актуально? Можна подивитися цього тижня?' when 2 then 'Так, актуально. Пишіть, коли зручно.'
        else 'Домовилися, дякую!' end,
      c.last_message_at - make_interval(mins => 3 - g)
    from conversations c cross join generate_series(1, 3) g
    where c.buyer_id = ${buyer.id} and not exists (select 1 from messages m where m.conversation_id = c.id)`.execute(db);
  const {
    rows: [longest],
  } = await sql<{
    id: number;
  }>`select id from conversations where buyer_id = ${buyer.id} order by last_message_at desc, id desc limit 1`.execute(db);
  await sql`insert into messages (conversation_id, sender_id, body, created_at)
    select c.id, case when g % 2 = 0 then c.seller_id else c.buyer_id end, 'Ще одне уточнення номер ' || g || ': а доставка можлива?', c.last_message_at - make_interval(secs => 60 - g)
    from conversations c cross join generate_series(1, 57) g
    where c.id = ${longest!.id} and (select count(*) from messages m where m.conversation_id = c.id) < 60`.execute(db);
  return longest!.id;
}
