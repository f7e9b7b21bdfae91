import { sql } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";
import { CANDIDATE_LIMIT, PROVIDERS, type Row } from "./providers.server.ts";
import type { SearchCategory } from "./query.ts";

// The search statements. The tsquery is written out where it is used (never shared through a
// CTE) so that the planner sees its words.

function tsq(tsquery: string) {
  return sql`to_tsquery('simple', ${tsquery})`;
}

/**
 * Rare words: every match through the GIN index (the materialized CTE has no ORDER BY or
 * LIMIT, so the planner cannot choose to walk the date index instead), the newest
 * CANDIDATE_LIMIT + 1 of them kept and ranked by ts_rank. `total` counts them (capped).
 */
export async function runRanked(category: SearchCategory, tsquery: string, options: { offset: number; limit: number }) {
  const provider = PROVIDERS[category];
  const table = sql.raw(provider.table);
  const recency = sql.raw(provider.recency);
  const { rows } = await sql<Row & { total: number }>`
    with matches as materialized (
      select t.id, ${recency} as recency, t.search_stems from ${table} t
      where ${provider.visible} and t.search_stems @@ ${tsq(tsquery)}
    ),
    candidates as (
      select m.*, count(*) over () as total from (
        select * from matches order by recency desc limit ${CANDIDATE_LIMIT + 1}
      ) m
    ),
    ranked as (
      -- Past the limit ranking would mean little: the newest come first, without ts_rank work.
      select c.id, c.recency, c.total,
        case when c.total > ${CANDIDATE_LIMIT} then 0 else ts_rank(c.search_stems, ${tsq(tsquery)}) end as rank
      from candidates c
      order by rank desc, c.recency desc, c.id desc
      limit ${options.limit} offset ${options.offset}
    )
    select r.total, t.id, t.slug, ${sql.raw(provider.columns)}
    from ranked r join ${table} t on t.id = r.id ${sql.raw(provider.joins)}
    order by r.rank desc, r.recency desc, r.id desc`.execute(getDb());
  return { rows, total: rows.length ? Number(rows[0]!.total) : null };
}

/**
 * Very common words: the page's rows straight from the date index, newest first, checking
 * matches as it goes; for a word in a large share of the rows it reads few more than it shows.
 */
export async function runRecent(category: SearchCategory, tsquery: string, options: { offset: number; limit: number }) {
  const provider = PROVIDERS[category];
  const { rows } = await sql<Row>`
    select t.id, t.slug, ${sql.raw(provider.columns)}
    from ${sql.raw(provider.table)} t ${sql.raw(provider.joins)}
    where ${provider.visible} and t.search_stems @@ ${tsq(tsquery)}
    order by ${sql.raw(provider.recency)} desc, t.id desc
    limit ${options.limit} offset ${options.offset}`.execute(getDb());
  return rows;
}

/** Matches, counted up to CANDIDATE_LIMIT + 1 (to tell "no such page" from "no results"). */
export async function countMatches(category: SearchCategory, tsquery: string): Promise<number> {
  const provider = PROVIDERS[category];
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (
      select 1 from ${sql.raw(provider.table)} t
      where ${provider.visible} and t.search_stems @@ ${tsq(tsquery)}
      limit ${CANDIDATE_LIMIT + 1}
    ) limited`.execute(getDb());
  return Number(rows[0]?.n ?? 0);
}

/** The stem of each word, as the search_stems columns hold it (migrations/0009_search_stems.ts). */
export async function stemWords(words: readonly string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const { rows } = await sql<{ word: string; stem: string }>`
    select w.word, portal_stem(w.word) as stem from unnest(${sql.val(words)}::text[]) as w(word)`.execute(getDb());
  return new Map(rows.map((row) => [row.word, row.stem]));
}

/**
 * Typo tolerance: for each word that starts no known title word of `category`, the nearest
 * known words by trigram similarity (pg_trgm, GiST). Words with a match are kept as they are.
 */
export async function correctWords(category: SearchCategory, words: readonly string[]): Promise<string[][]> {
  const { rows } = await sql<{ word: string; known: boolean; near: string[] | null; distances: number[] | null }>`
    select w.word,
      exists (select 1 from search_terms s where s.kind = ${category} and s.term >= (w.word collate "C") and s.term < ((w.word || chr(1114111)) collate "C")) as known,
      near.terms as near, near.distances as distances
    from unnest(${sql.val(words)}::text[]) with ordinality as w(word, position)
    left join lateral (
      select array_agg(term order by distance) as terms, array_agg(distance order by distance) as distances
      from (
        select s.term, s.term <-> w.word as distance from search_terms s
        where s.kind = ${category} and s.term % w.word
        order by s.term <-> w.word limit 3
      ) nearest
    ) near on true
    order by w.position`.execute(getDb());
  return rows.map((row) => {
    if (row.known || !row.near?.length) return [row.word];
    const best = row.distances![0]!;
    // Equally close spellings (вишиванка / вишиванки) all count.
    return row.near.filter((_, index) => row.distances![index]! <= best + 0.1);
  });
}
