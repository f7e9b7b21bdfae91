import type { Language } from "#app/i18n/locales.ts";

export type LocalizedText = { text: string; lang: Language };

/** English pages show the English text where present, else the Ukrainian one, marked as such. */
export function pickLocalized(uk: string, en: string | null | undefined, language: Language): LocalizedText {
  if (language === "en" && en && en.trim() !== "") return { text: en, lang: "en" };
  return { text: uk, lang: "uk" };
}

/** An item's SEO title and its language (an English page may show the Ukrainian one). */
export function seoTitleOf(title: LocalizedText): { title: string; titleLang: Language } {
  return { title: title.text, titleLang: title.lang };
}

/** `lang` attribute to put on an element only where it differs from the page language. */
export function langAttr(text: LocalizedText, pageLanguage: Language): Language | undefined {
  return text.lang === pageLanguage ? undefined : text.lang;
}
