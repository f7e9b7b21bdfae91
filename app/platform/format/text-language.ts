import type { Language } from "#app/i18n/locales.ts";

// People write adverts and messages in either language whatever page they use: a screen
// reader voices text in the page's language unless the element says otherwise. Pure.

const CYRILLIC = /\p{Script=Cyrillic}/gu;
const LATIN = /\p{Script=Latin}/gu;
// Letters Ukrainian has and Russian lacks, and the reverse.
const UKRAINIAN_ONLY = /[іїєґ]/iu;
const RUSSIAN_ONLY = /[ыэъё]/iu;

/**
 * The language user text is written in, by its letters: mostly Latin is English; mostly
 * Cyrillic is Ukrainian unless it has Russian-only letters. Cyrillic with neither kind of
 * letter ("Продам диван") counts as Ukrainian: that is what this portal's users write, and
 * short titles often have none of і, ї, є, ґ. Null when the letters do not tell (none, an
 * even mix, Russian).
 */
export function textLanguage(text: string): Language | null {
  const cyrillic = text.match(CYRILLIC)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  if (cyrillic > latin) return RUSSIAN_ONLY.test(text) && !UKRAINIAN_ONLY.test(text) ? null : "uk";
  if (latin > cyrillic) return "en";
  return null;
}

/** `lang` for user text on a page in `pageLanguage`: set only where the text's language is known and differs. */
export function userTextLang(text: string, pageLanguage: Language): Language | undefined {
  const language = textLanguage(text);
  return language && language !== pageLanguage ? language : undefined;
}
