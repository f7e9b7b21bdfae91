// What in a message looks like the start of a scam, so its recipient can be warned: a link, a
// phone number, a payment word ("prepayment", "BLIK") or a request to move to another messenger.
// Pure and zod-free: the thread's loader runs it, the settings form's schema checks the word
// lists with the same rules.
//
// Links and phone numbers are recognised by built-in patterns; the two word lists are staff's
// (dashboard settings, one word or phrase per line), matched case-insensitively on Unicode word
// boundaries (platform/format/word-list.ts, shared with the banned words). A list is compiled into one regular expression once per version of the lists.

import { plainText, wordListLines, wordListPattern, wordListProblem } from "#app/platform/format/word-list.ts";

/** In the order a warning names them. */
export type ScamSignal = "link" | "payment" | "phone" | "messenger";

/** The staff's lists as stored: one word or phrase per line. */
export type ScamWords = { payment: string; messenger: string };

export const SCAM_WORDS_MAX_LINES = 200;
export const SCAM_WORD_MAX_LENGTH = 60;

/** A list's words: lines trimmed, inner spaces made one, empty lines dropped. */
export const scamWordLines = wordListLines;

/** What is wrong with a list, for the settings form: too many lines, or the first line that is too long (1-based). */
export function scamWordsProblem(text: string): { tooMany: true } | { tooLong: number } | null {
  return wordListProblem(text, { maxLines: SCAM_WORDS_MAX_LINES, maxLength: SCAM_WORD_MAX_LENGTH });
}

// A link: a scheme, "www.", or a bare domain under a top-level domain that scams use or that
// is common here (a list, so "Добре.Дякую" or "ul.Grochowska" is not a domain). An address
// in an email is not a link (the character before it is "@" or part of the name).
const TLDS = [
  "com",
  "net",
  "org",
  "info",
  "biz",
  "top",
  "xyz",
  "site",
  "online",
  "shop",
  "store",
  "club",
  "icu",
  "vip",
  "live",
  "life",
  "pro",
  "app",
  "dev",
  "io",
  "me",
  "co",
  "cc",
  "tk",
  "ml",
  "ga",
  "cf",
  "gq",
  "ru",
  "ua",
  "pl",
  "de",
  "eu",
  "uk",
  "cz",
  "sk",
  "lt",
  "lv",
  "ee",
  "by",
  "kz",
  "md",
  "ro",
  "hu",
  "ch",
  "nl",
  "link",
  "click",
  "space",
  "website",
  "fun",
  "buzz",
  "cyou",
  "sbs",
  "monster",
  "rest",
  "bond",
  "cfd",
  "win",
  "work",
  "world",
  "today",
  "page",
  "ly",
  "su",
  "pw",
  "ws",
  "delivery",
  "support",
  "services",
  "help",
  "pay",
  "money",
  "bank",
  "finance",
  "express",
  "tech",
  "cloud",
  "host",
  "digital",
  "email",
  "укр",
  "рф",
];
const LINK = new RegExp(
  `(?:https?://|www\\.)\\S|(?<![\\p{L}\\p{N}@._%+-])(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?\\.)+(?:${TLDS.join("|")})(?![\\p{L}\\p{N}-])`,
  "iu",
);

// A phone number: 7 to 15 digits, with an optional "+" and single spaces, dashes or brackets
// between them. Not one when it is an amount (a currency beside it: "1 250 000 zł"), years
// ("2019-2020", "2019 2020") or a date ("2024-05-12").
const PHONE = /(?<![\p{L}\p{N}+])\+?\(?\d(?:[ \u00a0\-()]{0,2}\d){6,14}(?!\p{N})/gu;
const CURRENCY_AFTER = /^\s?(?:zł|zl\b|pln|грн|uah|€|eur|\$|usd|£|gbp|руб|₴|тис|k\b)/iu;
const CURRENCY_BEFORE = /(?:[€$£₴]|pln|eur|usd|uah)\s?$/iu;
const YEAR = /^(?:19|20)\d\d$/;

function isPhone(text: string, found: string, at: number): boolean {
  const groups = found.split(/\D+/).filter(Boolean);
  const digits = groups.join("").length;
  if (digits < 7 || digits > 15) return false;
  if (groups.every((group) => YEAR.test(group))) return false;
  if (/^\d{4}-\d\d-\d\d$|^\d\d-\d\d-\d{4}$/.test(found)) return false;
  return !CURRENCY_AFTER.test(text.slice(at + found.length)) && !CURRENCY_BEFORE.test(text.slice(Math.max(0, at - 4), at));
}

function hasPhone(text: string): boolean {
  // Digits inside a link (an order number, a tracking code) are no phone number.
  const unlinked = text.replace(/\S+/g, (word) => (LINK.test(word) ? " " : word));
  for (const match of unlinked.matchAll(PHONE)) if (isPhone(unlinked, match[0], match.index)) return true;
  return false;
}

export type ScamDetector = (text: string) => ScamSignal[];

/** The detector for these word lists: the signals a text holds, in ScamSignal's order. */
export function compileScamDetector(words: ScamWords): ScamDetector {
  const payment = wordListPattern(words.payment);
  const messenger = wordListPattern(words.messenger);
  return (raw) => {
    const text = plainText(raw);
    const found: ScamSignal[] = [];
    if (LINK.test(text)) found.push("link");
    if (payment?.test(text)) found.push("payment");
    if (hasPhone(text)) found.push("phone");
    if (messenger?.test(text)) found.push("messenger");
    return found;
  };
}

let compiled: { payment: string; messenger: string; detector: ScamDetector } | null = null;

/** The detector for the current lists, compiled again only when they change (they are settings: rarely). */
export function scamDetectorFor(words: ScamWords): ScamDetector {
  if (compiled?.payment !== words.payment || compiled.messenger !== words.messenger) {
    compiled = { ...words, detector: compileScamDetector(words) };
  }
  return compiled.detector;
}
