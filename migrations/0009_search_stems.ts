import { type Kysely, sql } from "kysely";

// Search finds word forms: "квартира" finds "квартири" and "квартир", "apartment"
// finds "apartments". Each searchable table gets `search_stems`, a generated tsvector holding
// every word of `search_vector` (same weights, so prefix search and typo correction work as
// before) plus the stem of each word. A query word then matches as a prefix OR by its stem.
//
// The stems are computed in the database, so every writer (staff editor, cabinet, seed, bulk
// SQL) keeps them right without code of its own, on PostgreSQL and PGlite alike:
// - English: PostgreSQL's own Snowball `english_stem` dictionary (built into both).
// - Ukrainian: Snowball has no Ukrainian algorithm and a Russian stemmer mangles Ukrainian, so
//   this is the Ukrainian suffix stemmer of @orama/stemmers (a port of ukr_stemmer) written
//   with the same regular expressions; tests/unit/search-stems.test.ts checks that the two
//   agree word for word.

/** Text of each table by weight, as in search_vector (migrations/0001_initial.ts). */
export const STEMMED_TABLES: Record<string, Record<"A" | "B" | "C", string[]>> = {
  news: { A: ["title_uk", "title_en"], B: ["summary_uk", "summary_en"], C: ["body_uk", "body_en"] },
  posters: { A: ["title_uk", "title_en"], B: ["venue_uk", "venue_en", "organiser"], C: ["description_uk", "description_en"] },
  services: { A: ["name_uk", "name_en"], B: [], C: ["description_uk", "description_en", "address"] },
  diaspors: { A: ["name_uk", "name_en"], B: [], C: ["description_uk", "description_en", "address"] },
  advertisements: { A: ["title"], B: [], C: ["description"] },
};

const VOWELS = "аеиоуюяіїє";

// The Ukrainian stemmer: step by step as in @orama/stemmers/ukrainian. The part up to and
// including the first vowel is never touched; suffixes are removed from the rest.
const ukrainianStem = `create or replace function portal_uk_stem(word text) returns text
language plpgsql immutable strict parallel safe as $$
declare
  head text;
  rv text;
  before text;
begin
  head := substring(word from '^[^${VOWELS}]*[${VOWELS}]');
  if head is null then return word; end if;
  rv := substr(word, char_length(head) + 1);
  if rv = '' then return word; end if;
  -- perfective gerund, else reflexive then adjective (+ participle), verb or noun
  before := rv;
  rv := regexp_replace(rv, '(?:[иы]в(?:ши(?:сь)?)?|(?<=[ая])(?:в(?:ши(?:сь)?)?))$', '');
  if rv = before then
    rv := regexp_replace(rv, 'с[яьи]$', '');
    before := rv;
    rv := regexp_replace(rv, '(?:[аеєуюя]|еє|ем|єє|ий|их|іх|ів|ій|ім|їй|ім|им|ими|іми|йми|ої|ою|ова|ове|ого|ому)$', '');
    if rv <> before then
      rv := regexp_replace(rv, '(?:[аіу]|ій|ий|им|ім|их|йми|ого|ому|ою)$', '');
    else
      rv := regexp_replace(rv, '(?:[еєую]|ав|али|ати|вши|ив|ити|ме|сь|ся|ши|учи|яти|ячи|ать|ять)$', '');
      if rv = before then
        rv := regexp_replace(rv, '(?:[аеєіїийоуыьюя]|ам|ах|ами|ев|еві|еи|ей|ем|ею|єм|єю|ів|їв|ий|ием|ию|ия|иям|иях|ов|ові|ой|ом|ою|ью|ья|ям|ями|ях)$', '');
      end if;
    end if;
  end if;
  rv := regexp_replace(rv, 'и$', '');
  if rv ~ '[^${VOWELS}][${VOWELS}]+[^${VOWELS}]+[${VOWELS}].*(?<=о)сть?$' then
    rv := regexp_replace(rv, 'ость$', '');
  end if;
  before := rv;
  rv := regexp_replace(rv, 'ь$', '');
  if rv = before then
    rv := regexp_replace(rv, 'ейше$', '');
    rv := regexp_replace(rv, 'нн$', 'н');
  end if;
  return head || rv;
end
$$`;

/** One word (a lexeme of the 'simple' configuration) to its stem; other words stay as they are. */
const stem = `create or replace function portal_stem(word text) returns text
language plpgsql immutable strict parallel safe as $$
begin
  if word ~ '[а-яёіїєґ]' then return portal_uk_stem(word); end if;
  if word ~ '^[a-z]+$' then return coalesce((ts_lexize('pg_catalog.english_stem'::regdictionary, word))[1], word); end if;
  return word;
end
$$`;

/**
 * The stems of a text's words, as positionless lexemes to add to its search_vector. A stem is
 * never empty (the Ukrainian one keeps everything up to the first vowel, the English one falls
 * back to the word), as array_to_tsvector requires.
 */
const stems = `create or replace function portal_stems(document text) returns tsvector
language sql immutable strict parallel safe as $$
  select array_to_tsvector(coalesce(array(
    select distinct portal_stem(w.lexeme) from unnest(to_tsvector('simple', document)) as w
  ), '{}'::text[]))
$$`;

function stemsColumn(weights: Record<"A" | "B" | "C", string[]>): string {
  const parts = Object.entries(weights)
    .filter(([, columns]) => columns.length > 0)
    .map(
      ([weight, columns]) =>
        `setweight(to_tsvector('simple', ${columns.map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")}), '${weight}')`,
    );
  const all = Object.values(weights)
    .flat()
    .map((c) => `coalesce(${c}, '')`)
    .join(" || ' ' || ");
  return `search_stems tsvector generated always as (${parts.join(" || ")} || portal_stems(${all})) stored`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(ukrainianStem).execute(db);
  await sql.raw(stem).execute(db);
  await sql.raw(stems).execute(db);
  for (const [table, weights] of Object.entries(STEMMED_TABLES)) {
    await sql.raw(`alter table ${table} add column ${stemsColumn(weights)}`).execute(db);
    await sql.raw(`create index ${table}_search_stems_idx on ${table} using gin (search_stems)`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(STEMMED_TABLES)) {
    await sql.raw(`alter table ${table} drop column if exists search_stems`).execute(db);
  }
  await sql.raw("drop function if exists portal_stems(text)").execute(db);
  await sql.raw("drop function if exists portal_stem(text)").execute(db);
  await sql.raw("drop function if exists portal_uk_stem(text)").execute(db);
}
