import type { Language } from "#app/i18n/locales.ts";
import { checkPage, offsetOf, PAGE_SIZE, type Pagination } from "#app/platform/lists/pagination.ts";
import { estimateMatches } from "./frequency.server.ts";
import { CANDIDATE_LIMIT, PROVIDERS, type Row, type SearchHit } from "./providers.server.ts";
import { correctWords, countMatches, runRanked, runRecent, stemWords } from "./queries.server.ts";
import { toTsQuery, type SearchCategory } from "./query.ts";

export type SearchResult = {
  hits: SearchHit[];
  /** Matches found, at most CANDIDATE_LIMIT (`more` tells there were more). */
  total: number;
  more: boolean;
  pagination: Pagination;
  /** The corrected query when the words as typed found nothing but a correction did. */
  correctedTo: string | null;
};

/** Above this many estimated matches a query is "very common": newest first, not ranked. */
const COMMON_MATCHES = 2 * CANDIDATE_LIMIT;

async function attempt(
  category: SearchCategory,
  groups: string[][],
  page: number,
  stems: Map<string, string>,
): Promise<{ rows: Row[]; total: number }> {
  const tsquery = toTsQuery(groups, stems);
  const offset = offsetOf(page);
  const window = { offset, limit: PAGE_SIZE };
  const estimateGroups = groups.map((group) => [...group, ...group.map((word) => stems.get(word) ?? word)]);
  if ((await estimateMatches(PROVIDERS[category].table, estimateGroups)) > COMMON_MATCHES) {
    // Pages stop at CANDIDATE_LIMIT matches, as for ranked results.
    if (offset >= CANDIDATE_LIMIT) return { rows: [], total: CANDIDATE_LIMIT + 1 };
    const rows = await runRecent(category, tsquery, window);
    if (rows.length === PAGE_SIZE) return { rows, total: CANDIDATE_LIMIT + 1 };
    if (rows.length > 0) return { rows, total: offset + rows.length };
    return { rows, total: page === 1 ? 0 : await countMatches(category, tsquery) };
  }
  const { rows, total } = await runRanked(category, tsquery, window);
  // Past the last page the window count is lost with the rows: count the matches apart.
  return { rows, total: total ?? (page === 1 ? 0 : await countMatches(category, tsquery)) };
}

/**
 * One page of `category` results for the query's words; when the words as typed find
 * nothing, misspelt words are replaced by their nearest known title words and the search runs
 * again. A page past the last one is the 404.
 */
export async function searchCategory(category: SearchCategory, words: string[], page: number, language: Language): Promise<SearchResult> {
  let groups = words.map((word) => [word]);
  const stems = await stemWords(words);
  let found = await attempt(category, groups, page, stems);
  let correctedTo: string | null = null;
  if (found.total === 0) {
    const corrected = await correctWords(category, words);
    const changed = corrected.some((group, index) => group.length !== 1 || group[0] !== words[index]);
    if (changed) {
      const correctedStems = await stemWords(corrected.flat());
      const retry = await attempt(category, corrected, page, correctedStems);
      if (retry.total > 0) {
        groups = corrected;
        found = retry;
        correctedTo = corrected.map((group) => group[0]).join(" ");
        for (const [word, stem] of correctedStems) stems.set(word, stem);
      }
    }
  }
  const total = Math.min(found.total, CANDIDATE_LIMIT);
  const pagination = checkPage(page, total);
  // Stems highlight the other forms of a word (квартир → квартири).
  const highlightWords = [...new Set(groups.flat().flatMap((word) => [word, stems.get(word) ?? word]))];
  return {
    hits: found.rows.map((row) => PROVIDERS[category].toHit(row, language, highlightWords)),
    total,
    more: found.total > CANDIDATE_LIMIT,
    pagination,
    correctedTo,
  };
}
