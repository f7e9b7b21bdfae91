import { publicSection, searchedTypes, type SearchSegment, type SearchType } from "#app/modules/staff-content/registry.ts";

// The search query: validation, words, the tsquery, and highlighting. Pure.

/** A search category is the public segment of a type with `search` in the registry (`/search/novyny`). */
export type SearchCategory = SearchSegment;

/** The searched types, in the order of their tabs. */
export function searchTypes(): SearchType[] {
  return (searchedTypes() as SearchType[]).sort((a, b) => publicSection(a).search! - publicSection(b).search!);
}

/** The categories (tabs) of `/search/{category}`, in order. */
export const SEARCH_CATEGORIES: readonly SearchCategory[] = searchTypes().map((type) => publicSection(type).segment as SearchCategory);

const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;
/** More words than this add nothing but cost. */
const MAX_WORDS = 8;

export function isSearchCategory(value: string | undefined): value is SearchCategory {
  return (SEARCH_CATEGORIES as readonly string[]).includes(value ?? "");
}

export type ParsedQuery =
  | { status: "empty"; text: "" }
  | { status: "too_short" | "too_long" | "no_words"; text: string }
  | { status: "ok"; text: string; words: string[] };

/** Words as PostgreSQL's 'simple' parser splits them: runs of letters and digits, lower case. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/** `?q=`: trimmed, 2..100 characters, with at least one word. */
export function parseQuery(raw: string | null): ParsedQuery {
  const text = (raw ?? "").replace(/\s+/g, " ").trim();
  if (text === "") return { status: "empty", text: "" };
  const length = Array.from(text).length;
  if (length < MIN_QUERY_LENGTH) return { status: "too_short", text };
  if (length > MAX_QUERY_LENGTH) return { status: "too_long", text };
  const words = [...new Set(wordsOf(text))];
  if (words.length === 0) return { status: "no_words", text };
  return { status: "ok", text, words };
}

/**
 * A tsquery for `to_tsquery('simple', ...)` over `search_stems`: every group must match, any
 * word of a group may, each as a prefix (`вишив` finds `вишиванка`) or, when `stems` gives it,
 * by its stem exactly (`квартира` finds `квартири` through the stem `квартир`). Words and stems
 * hold only letters and digits, so nothing in them is tsquery syntax.
 */
export function toTsQuery(groups: readonly (readonly string[])[], stems: ReadonlyMap<string, string> = new Map()): string {
  return groups
    .filter((group) => group.length > 0)
    .map((group) => {
      const alternatives = [...new Set(group.flatMap((word) => [`${word}:*`, ...stemOf(word, stems)]))];
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(" | ")})`;
    })
    .join(" & ");
}

function stemOf(word: string, stems: ReadonlyMap<string, string>): string[] {
  const stem = stems.get(word);
  // A stem that the prefix already covers adds nothing.
  return stem && /^[\p{L}\p{N}]+$/u.test(stem) && !stem.startsWith(word) ? [stem] : [];
}

export type Highlighted = Array<{ text: string; hit: boolean }>;

/** Splits `text` into runs, marking every word that starts with one of `words`. */
export function highlight(text: string, words: readonly string[]): Highlighted {
  const parts: Highlighted = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0].toLowerCase();
    if (!words.some((w) => word.startsWith(w))) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), hit: false });
    parts.push({ text: match[0], hit: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return parts;
}

export function hasHit(text: string, words: readonly string[]): boolean {
  return highlight(text, words).some((part) => part.hit);
}

/** About `length` characters of `text` around its first hit, cut at spaces, with ellipses. */
export function snippetAround(text: string, words: readonly string[], length = 220): string {
  if (text.length <= length) return text;
  const first = highlight(text, words).find((part) => part.hit);
  let start = 0;
  if (first) {
    const at = text.indexOf(first.text);
    start = Math.max(0, at - Math.floor(length / 3));
  }
  let end = Math.min(text.length, start + length);
  start = Math.max(0, end - length);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space - start < 20) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + length * 0.6) end = space;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
