// Whether two messages are "the same text" for spam holding, however it is disguised: case,
// spacing, punctuation, accents, look-alike letters from other scripts and digits standing
// for letters, and small edits (a word added, a tracking code changed).
//
// Each text becomes a skeleton: Unicode compatibility form (fullwidth and "bold" letters become
// plain ones), accents dropped, lower case, each look-alike mapped to one letter, everything
// but letters and digits dropped, runs of one character squeezed to one. Two skeletons are
// near-duplicates when equal, or when the Jaccard similarity of their sets of three-character
// shingles is at least NEAR_DUPLICATE_SIMILARITY. Only the first FINGERPRINT_CHARS characters
// of a text count: the work per comparison is bounded, and a spammer's text is recognised by
// its start as well as by its whole.

/** Jaccard similarity of the shingle sets from which two texts count as one. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;
/** The characters of a message its fingerprint reads. */
export const FINGERPRINT_CHARS = 500;
const SHINGLE = 3;

/**
 * Look-alikes, after lower-casing and dropping accents: Cyrillic and Greek letters that look
 * like Latin ones, digits and signs written for letters (letters with accents, such as ї or
 * й, lost them already). 1, l, i and | look alike, so all become "i".
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  є: "e",
  і: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  п: "n",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ь: "b",
  // Greek
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  // Latin look-alikes and digits or signs for letters
  l: "i",
  ı: "i",
  ɡ: "g",
  "0": "o",
  "1": "i",
  "|": "i",
  "3": "e",
  "4": "a",
  "@": "a",
  "5": "s",
  $: "s",
  "7": "t",
  "8": "b",
};

const MARKS = /\p{M}/gu;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** The text with every disguise above undone: what two texts are compared by. */
export function skeleton(text: string): string {
  const plain = text.slice(0, FINGERPRINT_CHARS).normalize("NFKD").replace(MARKS, "").toLowerCase();
  let out = "";
  let last = "";
  for (const char of plain) {
    const mapped = LOOK_ALIKES[char] ?? char;
    if (mapped === last || !LETTER_OR_DIGIT.test(mapped)) continue;
    out += mapped;
    last = mapped;
  }
  // A text of signs only (emoji, punctuation) has no letters to compare: it is compared as written.
  return out || plain.replace(/\s+/gu, "");
}

export type Fingerprint = { skeleton: string; shingles: Set<string> };

export function fingerprint(text: string): Fingerprint {
  const base = skeleton(text);
  const shingles = new Set<string>();
  if (base.length <= SHINGLE) shingles.add(base);
  else for (let index = 0; index + SHINGLE <= base.length; index++) shingles.add(base.slice(index, index + SHINGLE));
  return { skeleton: base, shingles };
}

/** Jaccard similarity of the two shingle sets (1 for equal skeletons). */
export function similarity(a: Fingerprint, b: Fingerprint): number {
  if (a.skeleton === b.skeleton) return 1;
  const [small, large] = a.shingles.size <= b.shingles.size ? [a.shingles, b.shingles] : [b.shingles, a.shingles];
  let shared = 0;
  for (const shingle of small) if (large.has(shingle)) shared++;
  return shared / (small.size + large.size - shared);
}

export function nearDuplicate(a: Fingerprint, b: Fingerprint): boolean {
  const [small, large] = a.shingles.size <= b.shingles.size ? [a.shingles.size, b.shingles.size] : [b.shingles.size, a.shingles.size];
  // |A∩B| / |A∪B| is at most |small| / |large|: a far shorter text is never the same one.
  if (a.skeleton !== b.skeleton && small < NEAR_DUPLICATE_SIMILARITY * large) return false;
  return similarity(a, b) >= NEAR_DUPLICATE_SIMILARITY;
}
