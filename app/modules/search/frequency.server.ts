import { sql } from "kysely";
import { getDb } from "#app/platform/db/db.server.ts";

// How common the words of a query are, from the statistics ANALYZE keeps on each
// search_stems column (most common lexemes and their frequencies). Searches use it to choose
// their strategy: rare words through the GIN index, very common ones newest first through the
// date index. The planner alone cannot tell for prefix queries (`word:*`) and would walk the
// date index for a rare word too, reading every row.

const REFRESH_MS = 60_000;

type LexemeStats = { rows: number; frequencies: Map<string, number>; fetchedAt: number };
const cache = new Map<string, LexemeStats | Promise<LexemeStats>>();

async function fetchStats(table: string): Promise<LexemeStats> {
  const { rows } = await sql<{ rows: number | null; elems: string[] | null; freqs: number[] | null }>`
    select c.reltuples as rows, s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    left join pg_stats s on s.schemaname = n.nspname and s.tablename = c.relname and s.attname = 'search_stems'
    where c.relname = ${table}`.execute(getDb());
  const row = rows[0];
  const frequencies = new Map<string, number>();
  row?.elems?.forEach((lexeme, index) => frequencies.set(lexeme, Number(row.freqs?.[index] ?? 0)));
  return { rows: Math.max(0, Number(row?.rows ?? 0)), frequencies, fetchedAt: Date.now() };
}

async function statsOf(table: string): Promise<LexemeStats> {
  const cached = cache.get(table);
  if (cached && !(cached instanceof Promise) && Date.now() - cached.fetchedAt < REFRESH_MS) return cached;
  if (cached instanceof Promise) return cached;
  const pending = fetchStats(table).then(
    (stats) => (cache.set(table, stats), stats),
    (error: unknown) => {
      cache.delete(table);
      throw error;
    },
  );
  cache.set(table, pending);
  return pending;
}

/**
 * Estimated number of rows matching every group (any word of a group, each as a prefix):
 * the least common group bounds the result. Words missing from the statistics count as rare.
 */
export async function estimateMatches(table: string, groups: readonly (readonly string[])[]): Promise<number> {
  const stats = await statsOf(table);
  if (stats.frequencies.size === 0 || groups.length === 0) return 0;
  const share = (group: readonly string[]) => {
    let sum = 0;
    for (const [lexeme, frequency] of stats.frequencies) if (group.some((word) => lexeme.startsWith(word))) sum += frequency;
    return Math.min(1, sum);
  };
  return Math.min(...groups.map(share)) * stats.rows;
}

/** Forget the statistics (tests that ANALYZE and search again). */
export function resetWordFrequencies(): void {
  cache.clear();
}
