import { cachedWordMatcher, wordListProblem } from "#app/platform/format/word-list.ts";

// Staff's banned words (dashboard settings, one word or phrase per line): an advert whose title
// or description holds one goes to the moderation queue instead of going live, and a message
// holding one is held for staff like a message sent to many sellers. Matched as whole words,
// case-insensitively, Cyrillic as well as Latin (platform/format/word-list.ts, the scam warnings'
// matching). Pure: the settings form's schema checks the list with the same rules.

export const BANNED_WORDS_MAX_LINES = 500;
export const BANNED_WORD_MAX_LENGTH = 60;

/** What is wrong with the list, for the settings form. */
export function bannedWordsProblem(text: string): { tooMany: true } | { tooLong: number } | null {
  return wordListProblem(text, { maxLines: BANNED_WORDS_MAX_LINES, maxLength: BANNED_WORD_MAX_LENGTH });
}

const matcherFor = cachedWordMatcher();

/** Whether any of the texts holds a word of `list` (the settings' `banned_words`). */
export function holdsBannedWord(list: string, ...texts: ReadonlyArray<string | null | undefined>): boolean {
  const matches = matcherFor(list);
  return texts.some((text) => Boolean(text) && matches(text!));
}
