// Word lists that staff keep in the settings (one word or phrase per line) and the matching of
// them: case-insensitive, on Unicode word boundaries (Cyrillic as well as Latin), apostrophes of
// every kind alike. Pure and zod-free: the settings form's schema checks a list with the same
// rules its users compile it with. A list is compiled into one regular expression.

const WORD_CHAR = "[\\p{L}\\p{N}_]";

/** One spelling for the apostrophes and forms of a letter that people type interchangeably. */
export function plainText(text: string): string {
  return text.normalize("NFC").replace(/[’ʼ`]/g, "'");
}

/** A list's entries: lines trimmed, inner spaces made one, empty lines dropped. */
export function wordListLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

/** What is wrong with a list, for a settings form: too many lines, or the first line that is too long (1-based). */
export function wordListProblem(
  text: string,
  limits: { maxLines: number; maxLength: number },
): { tooMany: true } | { tooLong: number } | null {
  const lines = wordListLines(text);
  if (lines.length > limits.maxLines) return { tooMany: true };
  const long = lines.findIndex((line) => [...line].length > limits.maxLength);
  return long === -1 ? null : { tooLong: long + 1 };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The list as one expression: any of its words, not inside a longer word; null for an empty list. */
export function wordListPattern(text: string): RegExp | null {
  const words = [...new Set(wordListLines(plainText(text)).map((word) => word.toLowerCase()))];
  if (!words.length) return null;
  const alternatives = words.map((word) => escapeRegExp(word).replace(/ /g, "\\s+")).join("|");
  return new RegExp(`(?<!${WORD_CHAR})(?:${alternatives})(?!${WORD_CHAR})`, "iu");
}

export type WordMatcher = (text: string) => boolean;

/** Whether a text holds a word of the list (never, for an empty list). */
export function compileWordMatcher(list: string): WordMatcher {
  const pattern = wordListPattern(list);
  return pattern ? (text) => pattern.test(plainText(text)) : () => false;
}

/**
 * A matcher per list text, compiled again only when the text changes (lists are settings:
 * they change rarely). One cache per use, made at module level.
 */
export function cachedWordMatcher(): (list: string) => WordMatcher {
  let compiled: { list: string; matcher: WordMatcher } | null = null;
  return (list) => {
    if (compiled?.list !== list) compiled = { list, matcher: compileWordMatcher(list) };
    return compiled.matcher;
  };
}
