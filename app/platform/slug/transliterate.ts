// Ukrainian national transliteration (Cabinet of Ministers resolution No. 55, 2010),
// lower-cased, for URL slugs. Pure: safe to import in the browser and on the server.

const LETTERS: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "h",
  ґ: "g",
  д: "d",
  е: "e",
  є: "ie",
  ж: "zh",
  з: "z",
  и: "y",
  і: "i",
  ї: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ь: "",
  ю: "iu",
  я: "ia",
  // Letters of neighbouring alphabets that turn up in names and pasted text.
  ы: "y",
  э: "e",
  ё: "io",
  ъ: "",
};

// At the start of a word these four letters (and й) take a "y" form: Яблуко → yabluko.
const WORD_START: Record<string, string> = { є: "ye", ї: "yi", й: "y", ю: "yu", я: "ya" };

const APOSTROPHES = new Set(["'", "’", "ʼ", "`", "‘"]);

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && (APOSTROPHES.has(char) || /[\p{L}\p{N}]/u.test(char));
}

/** Latin transliteration of a Ukrainian string, lower case, other characters kept as they are. */
export function transliterate(text: string): string {
  const chars = Array.from(text.toLowerCase());
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    if (APOSTROPHES.has(char)) continue;
    if (char === "г" && chars[i - 1] === "з") {
      out += "gh"; // зг → zgh, to tell it apart from ж → zh
    } else if (WORD_START[char] && !isWordChar(chars[i - 1])) {
      out += WORD_START[char];
    } else {
      out += LETTERS[char] ?? char;
    }
  }
  return out;
}

/**
 * A URL slug: transliterated, accents removed, runs of anything but a-z/0-9 turned into
 * one hyphen, cut at a hyphen so it stays within maxLength. May be "" for text without letters.
 */
export function slugify(text: string, maxLength = 80): string {
  const slug = transliterate(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : cut.slice(0, maxLength)).replace(/-+$/g, "");
}
